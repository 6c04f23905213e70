import { computeCanvas, type Alignment } from './canvas';
import type { Crop, FramingMode } from './framing';
import { placementOnResult, type PlacementBox } from './placement';

/** A result as the viewer knows it: its size, framing, the part it kept and where. */
export interface FramedResult {
  width: number;
  height: number;
  framing: FramingMode;
  crop: Crop;
  offsetX: number;
  offsetY: number;
}

/**
 * Where the kept part of the original sits on a result, and where the whole original would sit
 * around it (reaching past the result where it was trimmed), as fractions of the result's sides
 * (issue 38). With 'keep' the original has the brief's canvas scale; with a framing that may
 * trim, the result is the smallest canvas holding the kept part, which spans it on one axis.
 */
export function keptOnResult(
  original: { width: number; height: number },
  result: FramedResult,
): { kept: PlacementBox; whole: PlacementBox } {
  const { crop } = result;
  const scale = result.framing === 'keep' ? keepScale(original, result) : spanScale(crop, result);
  const box = (x: number, y: number, width: number, height: number): PlacementBox => ({
    x: x / result.width,
    y: y / result.height,
    width: (width * scale) / result.width,
    height: (height * scale) / result.height,
  });
  return {
    kept: box(result.offsetX, result.offsetY, crop.width, crop.height),
    whole: box(
      result.offsetX - crop.x * scale,
      result.offsetY - crop.y * scale,
      original.width,
      original.height,
    ),
  };
}

function keepScale(
  original: { width: number; height: number },
  result: { width: number; height: number },
): number {
  const canvas = computeCanvas(original.width, original.height, result.width / result.height);
  return (canvas.imageWidth / original.width) * (result.width / canvas.width);
}

function spanScale(crop: Crop, result: { width: number; height: number }): number {
  return Math.min(result.width / crop.width, result.height / crop.height);
}

/** A result as a screen has it: where the original went and what it kept, when recorded. */
export interface ShownResult {
  width: number;
  height: number;
  alignment: Alignment;
  /** Where the original (or its kept part) ended up, in the result's pixels; null before recorded. */
  offsetX: number | null;
  offsetY: number | null;
  framing?: FramingMode;
  crop?: Crop | null;
}

/**
 * Where the original sits on a result, for the viewer's outline and the card's placement label:
 * where it was recorded, else where its alignment puts it; with the part it kept (`kept`) when a
 * framing recorded one, since a trimmed result's canvas is not the brief's canvas of the whole.
 */
export function placementOfShown(
  original: { width: number; height: number },
  result: ShownResult,
): { whole: PlacementBox; kept?: PlacementBox } {
  const { offsetX, offsetY, framing, crop } = result;
  if (offsetX !== null && offsetY !== null && framing && crop) {
    return keptOnResult(original, { ...result, framing, crop, offsetX, offsetY });
  }
  const recorded = offsetX !== null && offsetY !== null ? { offsetX, offsetY } : null;
  return { whole: placementOnResult(original, result, recorded, result.alignment) };
}
