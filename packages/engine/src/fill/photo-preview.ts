import type { Raster } from './raster';
import { resizeArea } from './raster';
import type { RegionRarity } from './region-rarity';
import { regionRarity } from './region-rarity';
import type { ShiftMapOptions } from './shift-map-fill';

/**
 * A photo's preview (its longer side `lines.side` px at most) and how distinctive each of its
 * regions is: what its whole-photo fill and its trim analysis both read, made once per job.
 */
export interface PhotoPreview {
  preview: Raster<Float32Array>;
  regions: RegionRarity;
}

export function photoPreview(photo: Raster, options: ShiftMapOptions): PhotoPreview {
  const { width: w, height: h } = photo;
  const scale = Math.min(1, options.lines.side / Math.max(w, h));
  const preview = resizeArea(
    photo,
    Math.max(3, Math.round(w * scale)),
    Math.max(3, Math.round(h * scale)),
  );
  return { preview, regions: regionRarity(preview, options.regions) };
}
