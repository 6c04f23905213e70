/**
 * The shapes an upload may have. The catalogue's widest target is 4:1, and the canvas rules
 * (1.2x growth on the other axis, the 4000 px cap) turn a sliver such as 1x29999 into a canvas
 * that is almost all invented background and a job that only burns time: such images are refused
 * at upload. Below 16 px a side there is no subject left to keep.
 */
export const MIN_UPLOAD_SIDE = 16;
/** Longest side over shortest side, twice the widest target ratio (4:1). */
export const MAX_UPLOAD_ASPECT = 8;

export type UploadShapeProblem = 'UPLOAD_TOO_SMALL' | 'UPLOAD_TOO_ELONGATED';

/** Why an image of this size is refused, or null when its shape is fine. */
export function uploadShapeProblem(width: number, height: number): UploadShapeProblem | null {
  if (Math.max(width, height) > Math.min(width, height) * MAX_UPLOAD_ASPECT) {
    return 'UPLOAD_TOO_ELONGATED';
  }
  return Math.min(width, height) < MIN_UPLOAD_SIDE ? 'UPLOAD_TOO_SMALL' : null;
}
