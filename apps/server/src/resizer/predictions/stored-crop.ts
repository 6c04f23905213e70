import type { Crop } from '@reframe/shared';

/** How a prediction row keeps the part of the upload its result kept (the `crop` column). */
export function storedCrop(crop: Crop): string {
  return JSON.stringify({ x: crop.x, y: crop.y, width: crop.width, height: crop.height });
}

/** The `crop` column read back; null until the prediction succeeds. */
export function cropOfRow(crop: string | null): Crop | null {
  return crop === null ? null : (JSON.parse(crop) as Crop);
}
