import type { Frame, Plane, Rect } from '../frame';
import { distanceToRect, gradients, lumaPlane } from '../frame';

/** Pixels this close to the original are the border seam's, not the fill's own. */
export const SEAM_MARGIN = 3;

/** What every metric needs about one candidate canvas (a fill, a baseline or the real photo). */
export interface Candidate {
  frame: Frame;
  luma: Plane;
  gx: Float32Array;
  gy: Float32Array;
}

/** The case every candidate is measured on: where the original sits and how far each pixel is. */
export interface CaseGeometry {
  width: number;
  height: number;
  known: Rect;
  /** Distance (px) from each canvas pixel to the original; 0 inside it. */
  distance: Float32Array;
  /** Largest distance on the canvas: the far edge of the new area. */
  maxDistance: number;
}

export function candidate(frame: Frame): Candidate {
  const luma = lumaPlane(frame);
  return { frame, luma, ...gradients(luma) };
}

export function caseGeometry(width: number, height: number, known: Rect): CaseGeometry {
  const distance = distanceToRect(width, height, known);
  let maxDistance = 0;
  for (const d of distance) maxDistance = Math.max(maxDistance, d);
  return { width, height, known, distance, maxDistance };
}

/** a / b, with both lifted by a floor so a near-zero reference does not explode the ratio. */
export const ratio = (a: number, b: number, floor: number): number => (a + floor) / (b + floor);
