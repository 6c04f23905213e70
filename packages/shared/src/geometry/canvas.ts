/** The brief's section 9 limits for the expansion canvas. */
export const MAX_CANVAS_SIDE = 4000;
export const MIN_OTHER_AXIS_GROWTH = 1.2;
export const SMALL_PADDING_PX = 50;
export const SMALL_PADDING_ENLARGEMENT = 1.3;

/**
 * Where the original sits on the canvas: chosen by the engine per output ('auto', the default;
 * centred with a hosted provider), centred (the brief), or against a side or a corner.
 */
export const alignments = [
  'auto',
  'center',
  'left',
  'right',
  'top',
  'bottom',
  'top-left',
  'top-right',
  'bottom-left',
  'bottom-right',
] as const;
export type Alignment = (typeof alignments)[number];

export interface CanvasGeometry {
  /** Canvas size in pixels, after the 4000 px cap. */
  width: number;
  height: number;
  /** Where the (resized) original's top-left corner sits on the canvas, by the alignment. */
  offsetX: number;
  offsetY: number;
  /** Factor the original must be resized by before it is placed (1 unless the cap applied). */
  scale: number;
  /** The original's size on the canvas: round(original * scale). */
  imageWidth: number;
  imageHeight: number;
}

/**
 * Applies the brief's expansion canvas rules to an original of `originalWidth` x `originalHeight`.
 *
 * Readings chosen where the brief allows two:
 * - Landscape target (ratio > 1): the width is extended to the ratio and the height (the "other
 *   axis") grows by at least 1.2x, so height = max(1.2 * h, w / ratio) and width = height * ratio.
 *   Portrait targets mirror this with the axes swapped. The max() keeps the original inside the
 *   canvas when the original is already wider (or taller) than the target.
 * - "Both paddings" are the total growth on each axis (canvas minus original, both sides together).
 *   When both are under 50 px, the canvas is multiplied by exactly 1.3 on both axes.
 * - Sizes are rounded to whole pixels; centred, an odd leftover pixel goes to the right/bottom.
 * The alignment moves the original only; the canvas size is the same for every alignment.
 * 'auto' gives the centred offset: the engine chooses the real one, and a hosted provider
 * centres.
 */
export function computeCanvas(
  originalWidth: number,
  originalHeight: number,
  targetRatio: number,
  alignment: Alignment = 'center',
): CanvasGeometry {
  const w = Math.max(1, Math.round(originalWidth));
  const h = Math.max(1, Math.round(originalHeight));
  const ratio = Number.isFinite(targetRatio) && targetRatio > 0 ? targetRatio : 1;

  let [width, height] = expandToRatio(w, h, ratio);
  if (width - w < SMALL_PADDING_PX && height - h < SMALL_PADDING_PX) {
    width = Math.round(width * SMALL_PADDING_ENLARGEMENT);
    height = Math.round(height * SMALL_PADDING_ENLARGEMENT);
  }

  const longest = Math.max(width, height);
  const scale = longest > MAX_CANVAS_SIDE ? MAX_CANVAS_SIDE / longest : 1;
  if (scale < 1) {
    width = Math.min(MAX_CANVAS_SIDE, Math.round(width * scale));
    height = Math.min(MAX_CANVAS_SIDE, Math.round(height * scale));
  }
  const imageWidth = Math.max(1, Math.min(width, Math.round(w * scale)));
  const imageHeight = Math.max(1, Math.min(height, Math.round(h * scale)));
  return {
    width,
    height,
    offsetX: alignedOffset(width - imageWidth, horizontalSide(alignment)),
    offsetY: alignedOffset(height - imageHeight, verticalSide(alignment)),
    scale,
    imageWidth,
    imageHeight,
  };
}

function expandToRatio(w: number, h: number, ratio: number): [number, number] {
  if (ratio === 1) {
    const side = Math.max(w, h);
    return [side, side];
  }
  if (ratio > 1) {
    const height = Math.max(h * MIN_OTHER_AXIS_GROWTH, w / ratio);
    return [Math.max(w, Math.round(height * ratio)), Math.max(h, Math.round(height))];
  }
  const width = Math.max(w * MIN_OTHER_AXIS_GROWTH, h * ratio);
  return [Math.max(w, Math.round(width)), Math.max(h, Math.round(width / ratio))];
}

type Side = 'start' | 'middle' | 'end';

function horizontalSide(alignment: Alignment): Side {
  if (alignment === 'left' || alignment === 'top-left' || alignment === 'bottom-left') {
    return 'start';
  }
  if (alignment === 'right' || alignment === 'top-right' || alignment === 'bottom-right') {
    return 'end';
  }
  return 'middle';
}

function verticalSide(alignment: Alignment): Side {
  if (alignment === 'top' || alignment === 'top-left' || alignment === 'top-right') return 'start';
  if (alignment === 'bottom' || alignment === 'bottom-left' || alignment === 'bottom-right') {
    return 'end';
  }
  return 'middle';
}

function alignedOffset(room: number, side: Side): number {
  if (side === 'start') return 0;
  if (side === 'end') return room;
  return Math.floor(room / 2);
}
