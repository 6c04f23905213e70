import type { Level } from './level';

/**
 * Nearest-neighbour field: for every unknown canvas pixel, the centre (in the original's own
 * coordinates at that level) of the source patch it copies, and that match's cost.
 */
export interface Nnf {
  sx: Int32Array;
  sy: Int32Array;
  cost: Float32Array;
}

export function createNnf(level: Level): Nnf {
  const n = level.W * level.H;
  return { sx: new Int32Array(n), sy: new Int32Array(n), cost: new Float32Array(n) };
}

/**
 * Seeds the field: each unknown pixel starts at a random source inside a band (`band` px deep)
 * next to its nearest point on the original, so the search starts near the right background.
 */
export function initNnf(level: Level, nnf: Nnf, rng: () => number, band: number): void {
  const { W, ox, oy, radius: r } = level;
  const { width: w, height: h } = level.source;
  for (const i of level.unknown) {
    const x = i % W;
    const y = (i - x) / W;
    nnf.sx[i] = clamp(towardInside(x - ox, w, band, rng), r, w - 1 - r);
    nnf.sy[i] = clamp(towardInside(y - oy, h, band, rng), r, h - 1 - r);
  }
}

function towardInside(position: number, size: number, band: number, rng: () => number): number {
  const offset = Math.round(rng() * band);
  if (position < 0) return offset;
  if (position >= size) return size - 1 - offset;
  return Math.round(position + (rng() * 2 - 1) * band * 0.5);
}

/**
 * Carries a coarse field to the next finer level: each fine pixel keeps the coarse pixel's
 * displacement (scaled), so coherent copies stay coherent and texture arrives at full detail.
 */
export function upsampleNnf(coarse: Level, coarseNnf: Nnf, fine: Level, fineNnf: Nnf): void {
  const scaleX = fine.source.width / coarse.source.width;
  const scaleY = fine.source.height / coarse.source.height;
  const { radius: r } = fine;
  const { width: w, height: h } = fine.source;
  for (const i of fine.unknown) {
    const x = i % fine.W;
    const y = (i - x) / fine.W;
    const cx = clamp(Math.round(coarse.ox + (x - fine.ox + 0.5) / scaleX - 0.5), 0, coarse.W - 1);
    const cy = clamp(Math.round(coarse.oy + (y - fine.oy + 0.5) / scaleY - 0.5), 0, coarse.H - 1);
    const [dx, dy] = displacement(coarse, coarseNnf, cx, cy);
    fineNnf.sx[i] = clamp(Math.round(x - fine.ox + dx * scaleX), r, w - 1 - r);
    fineNnf.sy[i] = clamp(Math.round(y - fine.oy + dy * scaleY), r, h - 1 - r);
  }
}

/** Source minus target position at a canvas pixel; zero inside the original (it is itself). */
export function displacement(level: Level, nnf: Nnf, x: number, y: number): [number, number] {
  const { ox, oy } = level;
  if (x >= ox && x < ox + level.source.width && y >= oy && y < oy + level.source.height) {
    return [0, 0];
  }
  const i = y * level.W + x;
  return [nnf.sx[i]! - (x - ox), nnf.sy[i]! - (y - oy)];
}

export function clamp(value: number, low: number, high: number): number {
  return value < low ? low : value > high ? high : value;
}
