import type { CanvasPlacement, Raster } from './raster';

export interface SeamOptions {
  /** Half-width (px) of the smoothing along each edge: wide enough to average out real detail. */
  smoothRadius: number;
  /** Distance (share of the original's longest side) over which the correction fades out. */
  falloff: number;
}

/**
 * Gradient-domain style seam correction: the colour step between the original's edge and the
 * first synthesised pixel, smoothed along the edge, is added back into the new area and fades
 * with distance. Light and colour then continue across the border; texture is untouched.
 */
export function correctSeams(
  out: Uint8Array,
  original: Raster,
  placement: CanvasPlacement,
  options: SeamOptions,
): void {
  const { width: W, height: H, offsetX: ox, offsetY: oy } = placement;
  const { width: w, height: h, channels: c } = original;
  const steps = {
    top:
      oy > 0
        ? edgeSteps(
            out,
            W,
            c,
            w,
            (i) => [ox + i, oy],
            (i) => [ox + i, oy - 1],
            options.smoothRadius,
          )
        : undefined,
    bottom:
      oy + h < H
        ? edgeSteps(
            out,
            W,
            c,
            w,
            (i) => [ox + i, oy + h - 1],
            (i) => [ox + i, oy + h],
            options.smoothRadius,
          )
        : undefined,
    left:
      ox > 0
        ? edgeSteps(
            out,
            W,
            c,
            h,
            (i) => [ox, oy + i],
            (i) => [ox - 1, oy + i],
            options.smoothRadius,
          )
        : undefined,
    right:
      ox + w < W
        ? edgeSteps(
            out,
            W,
            c,
            h,
            (i) => [ox + w - 1, oy + i],
            (i) => [ox + w, oy + i],
            options.smoothRadius,
          )
        : undefined,
  };
  const decay = 1 / Math.max(1, options.falloff * Math.max(w, h));
  // Beyond `reach` px the correction is under 5% of the step: leave those pixels alone.
  const reach = Math.ceil(3 / decay) + 1;
  const fade = new Float32Array(reach + 1);
  // Lowered so it reaches exactly 0 at `reach`: no step where the correction stops.
  const floor = Math.exp(-reach * decay);
  for (let d = 1; d <= reach; d++) fade[d] = (Math.exp(-(d - 1) * decay) - floor) / (1 - floor);
  const at = (d: number): number => (d > 0 && d <= reach ? fade[d]! : 0);
  for (let y = Math.max(0, oy - reach); y < Math.min(H, oy + h + reach); y++) {
    const above = at(oy - y);
    const below = at(y - (oy + h - 1));
    const cy = Math.min(h - 1, Math.max(0, y - oy));
    const inRows = y >= oy && y < oy + h;
    const dy = Math.max(oy - y, y - (oy + h - 1), 0);
    for (let x = Math.max(0, ox - reach); x < Math.min(W, ox + w + reach); x++) {
      if (inRows && x >= ox && x < ox + w) continue;
      const left = at(ox - x);
      const right = at(x - (ox + w - 1));
      const cx = Math.min(w - 1, Math.max(0, x - ox));
      const o = (y * W + x) * c;
      // Beyond a corner the two edges' corrections share by how far the pixel lies beyond each,
      // so they meet without a step where the corner region borders the regions beside it.
      const dx = Math.max(ox - x, x - (ox + w - 1), 0);
      const vertical = dy / (dx + dy);
      for (let ch = 0; ch < c; ch++) {
        let delta = 0;
        if (above && steps.top) delta += steps.top[cx * c + ch]! * above * vertical;
        if (below && steps.bottom) delta += steps.bottom[cx * c + ch]! * below * vertical;
        if (left && steps.left) delta += steps.left[cy * c + ch]! * left * (1 - vertical);
        if (right && steps.right) delta += steps.right[cy * c + ch]! * right * (1 - vertical);
        const v = out[o + ch]! + delta;
        out[o + ch] = v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
      }
    }
  }
}

/** Per position along an edge: inside pixel minus outside pixel, box-smoothed along the edge. */
function edgeSteps(
  out: Uint8Array,
  W: number,
  c: number,
  length: number,
  inside: (i: number) => [number, number],
  outside: (i: number) => [number, number],
  radius: number,
): Float32Array {
  const raw = new Float32Array(length * c);
  for (let i = 0; i < length; i++) {
    const [ix, iy] = inside(i);
    const [ox, oy] = outside(i);
    for (let ch = 0; ch < c; ch++)
      raw[i * c + ch] = out[(iy * W + ix) * c + ch]! - out[(oy * W + ox) * c + ch]!;
  }
  const smooth = new Float32Array(length * c);
  for (let i = 0; i < length; i++) {
    const from = Math.max(0, i - radius);
    const to = Math.min(length - 1, i + radius);
    for (let ch = 0; ch < c; ch++) {
      let sum = 0;
      for (let j = from; j <= to; j++) sum += raw[j * c + ch]!;
      smooth[i * c + ch] = sum / (to - from + 1);
    }
  }
  return smooth;
}
