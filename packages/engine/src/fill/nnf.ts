import type { Level } from './level';
import { BOTTOM, LEFT, RIGHT, TOP } from './level';

/**
 * Nearest-neighbour field: for every unknown canvas pixel, the centre (in the original's own
 * coordinates at that level) of the source patch it copies, and that match's cost.
 */
export interface Nnf {
  sx: Int32Array;
  sy: Int32Array;
  cost: Float32Array;
}

/**
 * Where sources may come from: a pixel beyond a side copies from the band of that side, `x` px
 * deep for the left and right sides and `y` px for the top and bottom (patch centres, at the
 * level's scale). What continues outwards is what lies near that edge, not the middle.
 */
export interface SourceBands {
  x: number;
  y: number;
}

export function sourceBands(level: Level, share: number): SourceBands {
  const { width: w, height: h } = level.source;
  const least = 2 * level.radius + 1;
  return { x: Math.max(least, Math.round(share * w)), y: Math.max(least, Math.round(share * h)) };
}

export function inBand(
  sides: number,
  sx: number,
  sy: number,
  level: Level,
  bands: SourceBands,
): boolean {
  const { width: w, height: h } = level.source;
  const r = level.radius;
  return (
    ((sides & LEFT) !== 0 && sx < r + bands.x) ||
    ((sides & RIGHT) !== 0 && sx > w - 1 - r - bands.x) ||
    ((sides & TOP) !== 0 && sy < r + bands.y) ||
    ((sides & BOTTOM) !== 0 && sy > h - 1 - r - bands.y)
  );
}

export function createNnf(level: Level): Nnf {
  const n = level.W * level.H;
  return { sx: new Int32Array(n), sy: new Int32Array(n), cost: new Float32Array(n) };
}

/** Seeds the field: each unknown pixel starts at a random source in the band of one of its sides. */
export function initNnf(level: Level, nnf: Nnf, bands: SourceBands, rng: () => number): void {
  const at = new Int32Array(2);
  for (const i of level.unknown) {
    randomInBand(level, i, bands, rng, at);
    nnf.sx[i] = at[0]!;
    nnf.sy[i] = at[1]!;
  }
}

/** Writes into `out` a random source centre in the band of one of the sides pixel `i` lies beyond. */
export function randomInBand(
  level: Level,
  i: number,
  bands: SourceBands,
  rng: () => number,
  out: Int32Array,
): void {
  const { radius: r } = level;
  const { width: w, height: h } = level.source;
  const s = level.sides[i]!;
  const count = (s & LEFT ? 1 : 0) + (s & RIGHT ? 1 : 0) + (s & TOP ? 1 : 0) + (s & BOTTOM ? 1 : 0);
  let pick = Math.floor(rng() * count);
  let side = 0;
  for (const flag of SIDE_FLAGS) {
    if (!(s & flag)) continue;
    if (pick-- === 0) {
      side = flag;
      break;
    }
  }
  const alongX = r + Math.floor(rng() * (w - 2 * r));
  const alongY = r + Math.floor(rng() * (h - 2 * r));
  const intoX = Math.floor(rng() * Math.max(1, Math.min(bands.x, w - 2 * r)));
  const intoY = Math.floor(rng() * Math.max(1, Math.min(bands.y, h - 2 * r)));
  out[0] = side === LEFT ? r + intoX : side === RIGHT ? w - 1 - r - intoX : alongX;
  out[1] = side === TOP ? r + intoY : side === BOTTOM ? h - 1 - r - intoY : alongY;
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

const SIDE_FLAGS = [LEFT, RIGHT, TOP, BOTTOM] as const;
