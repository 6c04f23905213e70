import { encodePng } from '../codecs/encode';
import type { PlacementMode, SearchOptions } from '../fill/placement-search';
import { chooseAndFill, DEFAULT_SEARCH_OPTIONS } from '../fill/placement-search';
import type { ShiftMapOptions } from '../fill/shift-map-fill';
import { DEFAULT_SHIFT_MAP_OPTIONS } from '../fill/shift-map-fill';
import type { CanvasRequest, OutpaintResult } from './canvas';
import { decodeOriginal, outputSizeOf, timedResult } from './canvas';

export type { PlacementMode } from '../fill/placement-search';

export interface OutpaintRequest {
  /** Encoded JPEG, PNG, WebP or BMP bytes. */
  input: Uint8Array;
  canvas: CanvasRequest;
  seed: number;
  /**
   * 'auto': the engine chooses where the original sits (and the seed) by its defect predictor;
   * 'fixed' (the default): the canvas's offset is kept and only the seeds are compared.
   */
  placement?: PlacementMode;
  /**
   * With 'auto': 0 (the default) fills at the best placement, 1 at the second best, and so on;
   * a regeneration asks for the next one, so it does not repeat the last result's flaws.
   */
  rank?: number;
}

/**
 * The built-in pipeline: decode, fill the new area, encode. One whole job, run inside a worker
 * (or the CLI).
 */
export async function outpaint(
  request: OutpaintRequest,
  fillOptions: ShiftMapOptions = DEFAULT_SHIFT_MAP_OPTIONS,
  searchOptions: SearchOptions = DEFAULT_SEARCH_OPTIONS,
): Promise<OutpaintResult> {
  const started = performance.now();
  const { canvas } = request;
  const original = await decodeOriginal(request.input, canvas);
  const decoded = performance.now();
  const fill = chooseAndFill(
    original,
    canvas,
    request.placement ?? 'fixed',
    request.seed,
    fillOptions,
    searchOptions,
    request.rank ?? 0,
  );
  const filled = performance.now();
  const output = outputSizeOf(canvas);
  const png = await encodePng(fill.pixels, canvas.width, canvas.height, original.channels, output);
  return {
    ...timedResult(png, output, { started, decoded, filled, encoded: performance.now() }),
    offsetX: fill.offsetX,
    offsetY: fill.offsetY,
    confidence: fill.confidence,
  };
}
