/** Interleaved pixels, `channels` per pixel, row-major. */
export interface Raster<T extends Uint8Array | Float32Array = Uint8Array> {
  width: number;
  height: number;
  channels: number;
  data: T;
}

/** Where the original sits on the canvas, all in pixels. */
export interface CanvasPlacement {
  width: number;
  height: number;
  offsetX: number;
  offsetY: number;
}

/**
 * Area-average resize (each output pixel is the mean of the input area it covers), separable.
 * Used to build the pyramid: it never invents detail, so coarse levels see true colours.
 */
export function resizeArea(
  src: Raster<Uint8Array> | Raster<Float32Array>,
  width: number,
  height: number,
): Raster<Float32Array> {
  const { channels: c } = src;
  const horizontal = resizeAxis(src.data, src.width, src.height, c, width, true);
  const data = resizeAxis(horizontal, width, src.height, c, height, false);
  return { width, height, channels: c, data };
}

function resizeAxis(
  data: Uint8Array | Float32Array,
  width: number,
  height: number,
  c: number,
  size: number,
  alongX: boolean,
): Float32Array {
  const inSize = alongX ? width : height;
  const outW = alongX ? size : width;
  const outH = alongX ? height : size;
  const out = new Float32Array(outW * outH * c);
  const ratio = inSize / size;
  const rowLength = width * c;
  if (alongX) {
    // Line by line so reads and writes stay within one row.
    for (let line = 0; line < height; line++) {
      for (let o = 0; o < size; o++) {
        const start = o * ratio;
        const end = start + ratio;
        const last = Math.min(inSize - 1, Math.ceil(end) - 1);
        const oi = (line * outW + o) * c;
        for (let i = Math.floor(start); i <= last; i++) {
          const weight = (Math.min(end, i + 1) - Math.max(start, i)) / ratio;
          const si = (line * width + i) * c;
          for (let ch = 0; ch < c; ch++) out[oi + ch]! += data[si + ch]! * weight;
        }
      }
    }
    return out;
  }
  for (let o = 0; o < size; o++) {
    const start = o * ratio;
    const end = start + ratio;
    const last = Math.min(inSize - 1, Math.ceil(end) - 1);
    for (let i = Math.floor(start); i <= last; i++) {
      const weight = (Math.min(end, i + 1) - Math.max(start, i)) / ratio;
      // Whole rows at a time: contiguous reads and writes.
      const si = i * rowLength;
      const oi = o * rowLength;
      for (let t = 0; t < rowLength; t++) out[oi + t]! += data[si + t]! * weight;
    }
  }
  return out;
}
