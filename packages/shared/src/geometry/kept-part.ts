import { computeCanvas } from './canvas';
import type { Crop, FramingMode } from './framing';
import type { PlacementBox } from './placement';

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
