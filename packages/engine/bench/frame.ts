/** Raw pixel frames and the planes every metric works on. */
export interface Frame {
  width: number;
  height: number;
  channels: number;
  data: Uint8Array;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One channel, row-major, as floats. */
export interface Plane {
  width: number;
  height: number;
  data: Float32Array;
}

export function lumaPlane(f: Frame): Plane {
  const data = new Float32Array(f.width * f.height);
  for (let p = 0, i = 0; p < data.length; p++, i += f.channels) {
    data[p] = 0.299 * f.data[i]! + 0.587 * f.data[i + 1]! + 0.114 * f.data[i + 2]!;
  }
  return { width: f.width, height: f.height, data };
}

export function cropFrame(frame: Frame, r: Rect): Frame & { channels: 3 | 4 } {
  const c = frame.channels;
  const data = new Uint8Array(r.width * r.height * c);
  for (let y = 0; y < r.height; y++) {
    const from = ((r.y + y) * frame.width + r.x) * c;
    data.set(frame.data.subarray(from, from + r.width * c), y * r.width * c);
  }
  return { width: r.width, height: r.height, channels: c === 4 ? 4 : 3, data };
}

/** Euclidean distance (px) from each canvas pixel to the original's rectangle; 0 inside it. */
export function distanceToRect(width: number, height: number, r: Rect): Float32Array {
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const dy = y < r.y ? r.y - y : y >= r.y + r.height ? y - (r.y + r.height - 1) : 0;
    for (let x = 0; x < width; x++) {
      const dx = x < r.x ? r.x - x : x >= r.x + r.width ? x - (r.x + r.width - 1) : 0;
      out[y * width + x] = Math.hypot(dx, dy);
    }
  }
  return out;
}

/** Sobel gradient of a plane (0 on the outer ring). */
export function gradients(p: Plane): { gx: Float32Array; gy: Float32Array } {
  const { width: w, height: h, data } = p;
  const gx = new Float32Array(w * h);
  const gy = new Float32Array(w * h);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      // Sobel, scaled so a unit step per pixel reads 1.
      gx[i] =
        (data[i - w + 1]! +
          2 * data[i + 1]! +
          data[i + w + 1]! -
          data[i - w - 1]! -
          2 * data[i - 1]! -
          data[i + w - 1]!) /
        8;
      gy[i] =
        (data[i + w - 1]! +
          2 * data[i + w]! +
          data[i + w + 1]! -
          data[i - w - 1]! -
          2 * data[i - w]! -
          data[i - w + 1]!) /
        8;
    }
  }
  return { gx, gy };
}

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}
