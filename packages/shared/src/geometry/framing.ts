/**
 * Framing (issue 38): how much of the photo a result may trim across the axis that does not
 * grow, so that less has to be invented; and the fill style. Both are chosen per run, per bulk
 * run and per API call.
 */

/**
 * - 'keep': the whole photo, on the brief's canvas (computeCanvas);
 * - 'trim': up to 25 % of the photo may be trimmed, on the smallest canvas of the ratio that
 *   holds what is kept;
 * - 'trim_more': the same, up to 50 %;
 * - 'auto': the engine searches trims (none first) with its defect predictor.
 */
export const framingModes = ['auto', 'trim', 'trim_more', 'keep'] as const;
export type FramingMode = (typeof framingModes)[number];

/** 'natural': the new area is filled from the photo; 'blurred_backdrop': the photo, scaled to cover the canvas, blurred and darkened, under the original. */
export const fillStyles = ['natural', 'blurred_backdrop'] as const;
export type FillStyle = (typeof fillStyles)[number];

/** The engine's trim limits for a framing: the most it may trim, and whether none is preferred when clean. */
export interface TrimLimits {
  /** 0..0.5: the share of the photo that may be trimmed across the axis that does not grow. */
  maxTrim: number;
  /** True for 'auto': keep the whole photo when that fill is clean, trim only when it is not. */
  preferWhole: boolean;
}

export const TRIM_SHARE = 0.25;
export const TRIM_MORE_SHARE = 0.5;

export function trimLimitsOf(framing: FramingMode): TrimLimits {
  switch (framing) {
    case 'keep':
      return { maxTrim: 0, preferWhole: true };
    case 'trim':
      return { maxTrim: TRIM_SHARE, preferWhole: false };
    case 'trim_more':
      return { maxTrim: TRIM_MORE_SHARE, preferWhole: false };
    case 'auto':
      return { maxTrim: TRIM_SHARE, preferWhole: true };
  }
}

/** The part of the original a result keeps, in the original's pixels. */
export interface Crop {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type TrimSide = 'top' | 'bottom' | 'left' | 'right';

/** What a crop trimmed: the share of the original's side (0..1) and the sides it came off. */
export interface TrimSummary {
  share: number;
  sides: TrimSide[];
}

/** What `crop` trimmed off an original of this size; share 0 and no sides when nothing was. */
export function describeTrim(crop: Crop, original: { width: number; height: number }): TrimSummary {
  const sides: TrimSide[] = [];
  if (crop.y > 0) sides.push('top');
  if (crop.y + crop.height < original.height) sides.push('bottom');
  if (crop.x > 0) sides.push('left');
  if (crop.x + crop.width < original.width) sides.push('right');
  const shareX = 1 - crop.width / original.width;
  const shareY = 1 - crop.height / original.height;
  return { share: Math.max(0, shareX, shareY), sides };
}
