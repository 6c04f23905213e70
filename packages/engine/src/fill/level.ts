import type { CanvasPlacement, Raster } from './raster';
import { resizeArea } from './raster';

/** Bit flags: which sides of the original a canvas pixel lies beyond. */
export const LEFT = 1;
export const RIGHT = 2;
export const TOP = 4;
export const BOTTOM = 8;

/** One scale of the pyramid: the canvas, the original placed on it, and the patch radius. */
export interface Level {
  /** Canvas size and where the original sits on it, at this scale. */
  W: number;
  H: number;
  ox: number;
  oy: number;
  /** The original at this scale (the only source of patches). */
  source: Raster<Float32Array>;
  /** The canvas being synthesised; pixels inside the original are the original's. */
  target: Float32Array;
  /** Indices (y * W + x) of the canvas pixels outside the original, in raster order. */
  unknown: Int32Array;
  /** Per canvas pixel: distance (px at this scale) to the original's rectangle; 0 inside. */
  depth: Float32Array;
  /** Per canvas pixel: the sides of the original it lies beyond (LEFT | TOP...); 0 inside. */
  sides: Uint8Array;
  radius: number;
}

/**
 * `finer` is the next finer level's source (or the original): resizing from it instead of the
 * full original keeps building the pyramid cheap.
 */
export function makeLevel(
  original: Raster<Float32Array>,
  finer: Raster<Float32Array>,
  placement: CanvasPlacement,
  factor: number,
  maxRadius: number,
): Level {
  const w = Math.max(1, Math.round(original.width / factor));
  const h = Math.max(1, Math.round(original.height / factor));
  const ox = Math.round(placement.offsetX / factor);
  const oy = Math.round(placement.offsetY / factor);
  const rightPad = Math.round((placement.width - placement.offsetX - original.width) / factor);
  const bottomPad = Math.round((placement.height - placement.offsetY - original.height) / factor);
  const W = ox + w + Math.max(0, rightPad);
  const H = oy + h + Math.max(0, bottomPad);
  const source = finer.width === w && finer.height === h ? finer : resizeArea(finer, w, h);
  const c = original.channels;
  const target = new Float32Array(W * H * c);
  const unknown = new Int32Array(W * H - w * h);
  const depth = new Float32Array(W * H);
  const sides = new Uint8Array(W * H);
  let n = 0;
  for (let y = 0; y < H; y++) {
    const inRows = y >= oy && y < oy + h;
    if (inRows)
      target.set(source.data.subarray((y - oy) * w * c, (y - oy + 1) * w * c), (y * W + ox) * c);
    const dy = Math.max(oy - y, y - (oy + h - 1), 0);
    const vertical = y < oy ? TOP : y >= oy + h ? BOTTOM : 0;
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      if (inRows && x >= ox && x < ox + w) continue;
      unknown[n++] = p;
      const dx = Math.max(ox - x, x - (ox + w - 1), 0);
      depth[p] = Math.sqrt(dx * dx + dy * dy);
      // Beyond a corner a pixel belongs to the side it lies further beyond (both on the diagonal),
      // so nothing changes abruptly where the corner region meets the regions beside it.
      const horizontal = x < ox ? LEFT : x >= ox + w ? RIGHT : 0;
      sides[p] = (dx >= dy ? horizontal : 0) | (dy >= dx ? vertical : 0);
    }
  }
  const radius = Math.max(0, Math.min(maxRadius, Math.floor((Math.min(w, h) - 1) / 2)));
  return { W, H, ox, oy, source, target, unknown, depth, sides, radius };
}

export function isKnown(level: Level, x: number, y: number): boolean {
  return (
    x >= level.ox &&
    x < level.ox + level.source.width &&
    y >= level.oy &&
    y < level.oy + level.source.height
  );
}
