import type { Level } from './level';
import { isKnown } from './level';

/**
 * Fills the unknown canvas pixels with a smooth continuation of the original (push-pull:
 * average the known pixels down a pyramid, then pull the averages back up into the holes).
 * This is the low-frequency start the patch search refines: colours and light keep going.
 */
export function pushPullFill(level: Level): void {
  const { W, H, target } = level;
  const c = level.source.channels;
  const mask = new Float32Array(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) mask[y * W + x] = isKnown(level, x, y) ? 1 : 0;
  const filled = fillRecursive(target, mask, W, H, c);
  for (const i of level.unknown)
    for (let ch = 0; ch < c; ch++) target[i * c + ch] = filled[i * c + ch]!;
}

function fillRecursive(
  values: Float32Array,
  mask: Float32Array,
  W: number,
  H: number,
  c: number,
): Float32Array {
  if (W <= 1 && H <= 1) return values;
  const w2 = Math.max(1, Math.ceil(W / 2));
  const h2 = Math.max(1, Math.ceil(H / 2));
  const sum = new Float32Array(w2 * h2 * c);
  const weight = new Float32Array(w2 * h2);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const m = mask[y * W + x]!;
      if (m === 0) continue;
      const o = (y >> 1) * w2 + (x >> 1);
      weight[o]! += m;
      for (let ch = 0; ch < c; ch++) sum[o * c + ch]! += values[(y * W + x) * c + ch]! * m;
    }
  }
  const mask2 = new Float32Array(w2 * h2);
  for (let i = 0; i < w2 * h2; i++) {
    const m = weight[i]!;
    if (m > 0) for (let ch = 0; ch < c; ch++) sum[i * c + ch]! /= m;
    mask2[i] = Math.min(1, m);
  }
  const coarse = fillRecursive(sum, mask2, w2, h2, c);
  const out = new Float32Array(values);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const m = mask[y * W + x]!;
      if (m >= 1) continue;
      const fx = Math.min(w2 - 1, Math.max(0, (x - 0.5) / 2));
      const fy = Math.min(h2 - 1, Math.max(0, (y - 0.5) / 2));
      const x0 = Math.floor(fx);
      const y0 = Math.floor(fy);
      const x1 = Math.min(w2 - 1, x0 + 1);
      const y1 = Math.min(h2 - 1, y0 + 1);
      const ax = fx - x0;
      const ay = fy - y0;
      for (let ch = 0; ch < c; ch++) {
        const top =
          coarse[(y0 * w2 + x0) * c + ch]! * (1 - ax) + coarse[(y0 * w2 + x1) * c + ch]! * ax;
        const bottom =
          coarse[(y1 * w2 + x0) * c + ch]! * (1 - ax) + coarse[(y1 * w2 + x1) * c + ch]! * ax;
        const up = top * (1 - ay) + bottom * ay;
        const i = (y * W + x) * c + ch;
        out[i] = values[i]! * m + up * (1 - m);
      }
    }
  }
  return out;
}
