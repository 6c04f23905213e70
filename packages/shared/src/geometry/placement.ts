import { computeCanvas, type Alignment } from './canvas';

/** A result's confidence under this is flagged to the user (the engine calibrates to it). */
export const LOW_CONFIDENCE_BELOW = 0.5;

/** Null is "not measured" (a hosted provider's result, or one made before it was recorded). */
export function isLowConfidence(confidence: number | null): boolean {
  return confidence !== null && confidence < LOW_CONFIDENCE_BELOW;
}

/** Where the original sits on a result, as fractions of the result's width and height. */
export interface PlacementBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The original's box on a result: at the recorded offset (the original's top-left in the
 * result's pixels) when there is one, else where `alignment` puts it by the canvas rules.
 */
export function placementOnResult(
  original: { width: number; height: number },
  result: { width: number; height: number },
  recorded: { offsetX: number; offsetY: number } | null,
  alignment: Alignment = 'center',
): PlacementBox {
  const canvas = computeCanvas(
    original.width,
    original.height,
    result.width / result.height,
    alignment,
  );
  const width = canvas.imageWidth / canvas.width;
  const height = canvas.imageHeight / canvas.height;
  if (!recorded) {
    return { x: canvas.offsetX / canvas.width, y: canvas.offsetY / canvas.height, width, height };
  }
  const clamp = (value: number, room: number) => Math.min(Math.max(0, value), Math.max(0, room));
  return {
    x: clamp(recorded.offsetX / result.width, 1 - width),
    y: clamp(recorded.offsetY / result.height, 1 - height),
    width,
    height,
  };
}

type Side = 'start' | 'middle' | 'end';

/** Within this fraction of the room from a side counts as against it. */
const SIDE_BAND = 1 / 3;

function sideOf(position: number, size: number): Side {
  const room = 1 - size;
  if (room <= 1e-6) return 'middle';
  const along = position / room;
  if (along < SIDE_BAND) return 'start';
  if (along > 1 - SIDE_BAND) return 'end';
  return 'middle';
}

const VERTICAL = { start: 'top', middle: '', end: 'bottom' } as const;
const HORIZONTAL = { start: 'left', middle: '', end: 'right' } as const;

/** The named alignment nearest to a box, to tell the user where "Auto" put the original. */
export function nearestAlignment(box: PlacementBox): Exclude<Alignment, 'auto'> {
  const vertical = VERTICAL[sideOf(box.y, box.height)];
  const horizontal = HORIZONTAL[sideOf(box.x, box.width)];
  if (vertical && horizontal) return `${vertical}-${horizontal}`;
  return vertical || horizontal || 'center';
}
