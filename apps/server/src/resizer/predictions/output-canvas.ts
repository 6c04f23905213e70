import type { PlacementMode } from '@reframe/engine';
import { computeCanvas, resolveOutput, type Alignment, type CanvasGeometry } from '@reframe/shared';
import type { OutpaintProviderName } from '../resizer.tables';

/**
 * The canvas an output is filled on (the brief's rules, the original placed by `alignment`) and
 * the size of its PNG: the canvas itself, or the exact size of a placement or custom size.
 * Undefined when the key names nothing we make.
 *
 * An exact size smaller than the canvas scales the canvas down to it before the fill (the
 * original shrinks with it, so the picture is the same), rather than filling pixels only to
 * throw them away: a 2 MP photo's 9:16 canvas is 2.6 times the 1080x1920 it becomes. A larger
 * exact size is filled at the canvas's size and scaled up by the engine (`outputWidth`).
 */
export function outputCanvas(
  original: { width: number; height: number },
  key: string,
  alignment: Alignment,
) {
  const output = resolveOutput(key);
  if (!output) return undefined;
  const canvas = computeCanvas(original.width, original.height, output.ratio, alignment);
  const size = output.exact ?? { width: canvas.width, height: canvas.height };
  const shrunk = size.width < canvas.width ? shrinkTo(canvas, size) : canvas;
  return { ...shrunk, outputWidth: size.width, outputHeight: size.height };
}

export type OutputCanvas = NonNullable<ReturnType<typeof outputCanvas>>;

/** How a prediction row keeps its canvas (the `canvas` column). */
export function storedCanvas(canvas: OutputCanvas): string {
  return JSON.stringify(canvas);
}

/**
 * A prediction's canvas: the one stored when it was made, or, for a prediction made before the
 * canvas was stored, computed again from its upload. Undefined when its key names nothing we make.
 */
export function canvasOfPrediction(
  prediction: { canvas: string | null; aspect_ratio: string; alignment: Alignment },
  upload: { width: number; height: number },
): OutputCanvas | undefined {
  if (prediction.canvas !== null) return JSON.parse(prediction.canvas) as OutputCanvas;
  return outputCanvas(upload, prediction.aspect_ratio, prediction.alignment);
}

/** An output asked for without an alignment: the engine chooses (a hosted provider centres). */
export const DEFAULT_ALIGNMENT: Alignment = 'auto';

/**
 * Whether the outpainter chooses the original's offset: only the built-in engine does, for
 * 'auto'. A hosted provider (and the engine standing in for one) keeps the canvas's offset, the
 * centred one for 'auto' (shared `computeCanvas`).
 */
export function placementModeFor(
  alignment: Alignment,
  provider: OutpaintProviderName,
): PlacementMode {
  return alignment === 'auto' && provider === 'engine' ? 'auto' : 'fixed';
}

/** An offset on the filled canvas, in the result's pixels (the canvas is scaled to the result). */
export function offsetOnResult(
  canvas: { width: number; height: number; outputWidth: number; outputHeight: number },
  offset: { offsetX: number; offsetY: number },
): { offsetX: number; offsetY: number } {
  return {
    offsetX: Math.round((offset.offsetX * canvas.outputWidth) / canvas.width),
    offsetY: Math.round((offset.offsetY * canvas.outputHeight) / canvas.height),
  };
}

/**
 * The canvas a job asks its outpainter for. Only an exact size (a placement, a custom size) names
 * the result's size: otherwise a trimming framing's smaller canvas (issue 38) is the result, not
 * scaled back up to the brief's canvas.
 */
export function requestCanvas(canvas: OutputCanvas, key: string) {
  if (resolveOutput(key)?.exact) return canvas;
  const { outputWidth: _width, outputHeight: _height, ...own } = canvas;
  return own;
}

function shrinkTo(canvas: CanvasGeometry, size: { width: number; height: number }): CanvasGeometry {
  const factor = size.width / canvas.width;
  const imageWidth = Math.max(1, Math.min(size.width, Math.round(canvas.imageWidth * factor)));
  const imageHeight = Math.max(1, Math.min(size.height, Math.round(canvas.imageHeight * factor)));
  const place = (offset: number, room: number) =>
    Math.max(0, Math.min(room, Math.round(offset * factor)));
  return {
    width: size.width,
    height: size.height,
    offsetX: place(canvas.offsetX, size.width - imageWidth),
    offsetY: place(canvas.offsetY, size.height - imageHeight),
    scale: canvas.scale * factor,
    imageWidth,
    imageHeight,
  };
}
