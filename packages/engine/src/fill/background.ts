import type { Level } from './level';

/**
 * A smooth continuation of the background's colours and light, on the level's canvas grid:
 * weighted push-pull (Gortler et al.) from a thin band along each extended edge, each band pixel
 * weighted by how common its colour is on the border (`rarity`, see rarity.ts), so a subject
 * touching the edge hardly counts. The further from the original, the coarser the pyramid level
 * that decides a pixel, so far regions get a soft, defocused average of the nearby background.
 */
export function backgroundField(level: Level, rarity: Float32Array, band: number): Float32Array {
  const { W, H, ox, oy } = level;
  const { width: w, height: h, channels: c, data } = level.source;
  const bandX = Math.max(1, Math.round(w * band));
  const bandY = Math.max(1, Math.round(h * band));
  const extends_ = { left: ox > 0, right: ox + w < W, top: oy > 0, bottom: oy + h < H };
  const value = new Float32Array(W * H * c);
  const weight = new Float32Array(W * H);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const near =
        (extends_.left && x < bandX) ||
        (extends_.right && x >= w - bandX) ||
        (extends_.top && y < bandY) ||
        (extends_.bottom && y >= h - bandY);
      if (!near) continue;
      const common = 1 - rarity[y * w + x]!;
      const wt = common * common + 0.02;
      const p = (y + oy) * W + x + ox;
      weight[p] = wt;
      for (let ch = 0; ch < c; ch++) value[p * c + ch] = data[(y * w + x) * c + ch]! * wt;
    }
  }
  const field = pushPull(value, weight, W, H, c);
  return blur(blur(field, W, H, c), W, H, c);
}

/** Pull: weighted 2x2 sums down to 1x1. Push: each level keeps its own mean where it has weight. */
function pushPull(
  value: Float32Array,
  weight: Float32Array,
  W: number,
  H: number,
  c: number,
): Float32Array {
  if (W === 1 && H === 1) return normalise(value, weight, c);
  const w2 = Math.ceil(W / 2);
  const h2 = Math.ceil(H / 2);
  const value2 = new Float32Array(w2 * h2 * c);
  const weight2 = new Float32Array(w2 * h2);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      const q = (y >> 1) * w2 + (x >> 1);
      weight2[q]! += weight[p]!;
      for (let ch = 0; ch < c; ch++) value2[q * c + ch]! += value[p * c + ch]!;
    }
  }
  // Confidence saturates (Gortler): a coarse pixel with enough band under it keeps its own mean.
  for (let q = 0; q < w2 * h2; q++) {
    const wt = weight2[q]!;
    if (wt <= 1) continue;
    for (let ch = 0; ch < c; ch++) value2[q * c + ch]! /= wt;
    weight2[q] = 1;
  }
  const coarse = pushPull(value2, weight2, w2, h2, c);
  const out = new Float32Array(W * H * c);
  for (let y = 0; y < H; y++) {
    const fy = Math.min(h2 - 1, Math.max(0, (y + 0.5) / 2 - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(h2 - 1, y0 + 1);
    const ay = fy - y0;
    for (let x = 0; x < W; x++) {
      const fx = Math.min(w2 - 1, Math.max(0, (x + 0.5) / 2 - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(w2 - 1, x0 + 1);
      const ax = fx - x0;
      const p = y * W + x;
      const wt = weight[p]!;
      const a = Math.min(1, wt);
      for (let ch = 0; ch < c; ch++) {
        const up =
          (coarse[(y0 * w2 + x0) * c + ch]! * (1 - ax) + coarse[(y0 * w2 + x1) * c + ch]! * ax) *
            (1 - ay) +
          (coarse[(y1 * w2 + x0) * c + ch]! * (1 - ax) + coarse[(y1 * w2 + x1) * c + ch]! * ax) *
            ay;
        const own = wt > 0 ? value[p * c + ch]! / wt : 0;
        out[p * c + ch] = a * own + (1 - a) * up;
      }
    }
  }
  return out;
}

function normalise(value: Float32Array, weight: Float32Array, c: number): Float32Array {
  const out = new Float32Array(c);
  const wt = weight[0]!;
  for (let ch = 0; ch < c; ch++) out[ch] = wt > 0 ? value[ch]! / wt : 128;
  return out;
}

/** 3x3 box blur with clamped borders: takes the corners off the bilinear push steps. */
function blur(field: Float32Array, W: number, H: number, c: number): Float32Array {
  const out = new Float32Array(field.length);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      for (let ch = 0; ch < c; ch++) {
        let sum = 0;
        for (let dy = -1; dy <= 1; dy++) {
          const yy = Math.min(H - 1, Math.max(0, y + dy));
          for (let dx = -1; dx <= 1; dx++) {
            const xx = Math.min(W - 1, Math.max(0, x + dx));
            sum += field[(yy * W + xx) * c + ch]!;
          }
        }
        out[(y * W + x) * c + ch] = sum / 9;
      }
    }
  }
  return out;
}
