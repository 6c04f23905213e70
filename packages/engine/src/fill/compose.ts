import type { Level } from './level';
import type { Nnf } from './nnf';
import { clamp, displacement } from './nnf';
import type { CanvasPlacement, Raster } from './raster';

/**
 * Builds the full-resolution canvas from the finest searched level without searching again:
 * each new pixel copies the original at the displacement its coarse neighbours found, mixing
 * the (at most four) bilinear neighbours where they disagree. Inside a coherent copy this is an
 * exact copy of real pixels, so texture keeps the original's sharpness.
 */
export function composeFullResolution(
  original: Raster,
  placement: CanvasPlacement,
  level: Level,
  nnf: Nnf,
): Uint8Array {
  const { width: W, height: H, offsetX: ox, offsetY: oy } = placement;
  const { width: w, height: h, channels: c, data: src } = original;
  const out = new Uint8Array(W * H * c);
  const scaleX = w / level.source.width;
  const scaleY = h / level.source.height;
  const nbX = new Int32Array(4);
  const nbY = new Int32Array(4);
  const nbW = new Float64Array(4);
  const acc = new Float64Array(c);
  for (let y = 0; y < H; y++) {
    const inRows = y >= oy && y < oy + h;
    const fy = clamp(level.oy + (y - oy + 0.5) / scaleY - 0.5, 0, level.H - 1);
    const y0 = Math.floor(fy);
    const y1 = Math.min(level.H - 1, y0 + 1);
    const ay = fy - y0;
    for (let x = 0; x < W; x++) {
      const o = (y * W + x) * c;
      if (inRows && x >= ox && x < ox + w) {
        const si = ((y - oy) * w + (x - ox)) * c;
        for (let ch = 0; ch < c; ch++) out[o + ch] = src[si + ch]!;
        continue;
      }
      const fx = clamp(level.ox + (x - ox + 0.5) / scaleX - 0.5, 0, level.W - 1);
      const x0 = Math.floor(fx);
      const x1 = Math.min(level.W - 1, x0 + 1);
      const ax = fx - x0;
      const corners = [
        [x0, y0, (1 - ax) * (1 - ay)],
        [x1, y0, ax * (1 - ay)],
        [x0, y1, (1 - ax) * ay],
        [x1, y1, ax * ay],
      ] as const;
      let count = 0;
      for (const [cx, cy, weight] of corners) {
        if (weight <= 0) continue;
        const [dx, dy] = displacement(level, nnf, cx, cy);
        const sx = clamp(Math.round(x - ox + dx * scaleX), 0, w - 1);
        const sy = clamp(Math.round(y - oy + dy * scaleY), 0, h - 1);
        let k = 0;
        while (k < count && (nbX[k] !== sx || nbY[k] !== sy)) k++;
        if (k === count) {
          nbX[k] = sx;
          nbY[k] = sy;
          nbW[k] = 0;
          count++;
        }
        nbW[k]! += weight;
      }
      acc.fill(0);
      let total = 0;
      for (let k = 0; k < count; k++) {
        const si = (nbY[k]! * w + nbX[k]!) * c;
        total += nbW[k]!;
        for (let ch = 0; ch < c; ch++) acc[ch]! += src[si + ch]! * nbW[k]!;
      }
      for (let ch = 0; ch < c; ch++) out[o + ch] = Math.round(acc[ch]! / total);
    }
  }
  return out;
}
