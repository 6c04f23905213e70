import type { CanvasPlacement, Raster } from './raster';
import { resizeArea } from './raster';

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
  let n = 0;
  for (let y = 0; y < H; y++) {
    const inRows = y >= oy && y < oy + h;
    if (inRows)
      target.set(source.data.subarray((y - oy) * w * c, (y - oy + 1) * w * c), (y * W + ox) * c);
    for (let x = 0; x < W; x++) {
      if (!inRows || x < ox || x >= ox + w) unknown[n++] = y * W + x;
    }
  }
  const radius = Math.max(0, Math.min(maxRadius, Math.floor((Math.min(w, h) - 1) / 2)));
  return { W, H, ox, oy, source, target, unknown, radius };
}

export function isKnown(level: Level, x: number, y: number): boolean {
  return (
    x >= level.ox &&
    x < level.ox + level.source.width &&
    y >= level.oy &&
    y < level.oy + level.source.height
  );
}
