import type { EnginePool, StoredResult } from '@reframe/engine';
import { trimLimitsOf } from '@reframe/shared';
import type { Outpainter, OutpaintTask } from './outpainter';

/**
 * The built-in engine on the worker pool: the default, and the offline fallback. Its result comes
 * back as the files to store, the watermark drawn in when the task asks.
 */
export function createEngineOutpainter(engine: Pick<EnginePool, 'outpaint'>): Outpainter {
  return {
    name: 'engine',
    async outpaint(task, signal) {
      const { original, canvas, seed, placement, rank, style, watermark } = task;
      const { maxTrim, preferWhole } = trimLimitsOf(task.framing);
      const request = { input: original, canvas, seed, placement, rank, maxTrim, preferWhole };
      const result = await engine.outpaint(
        { ...request, style, ...(watermark !== undefined && { watermark }) },
        { signal },
      );
      return {
        ...result,
        filled: filledCanvas(task, result, maxTrim),
        madeBy: { provider: 'engine', model: null, fallback: false },
      };
    },
  };
}

/**
 * The canvas the engine filled, on which its offset is measured. Without an exact size it is the
 * result itself; with one and no trim, the task's canvas; with one and a framing that may trim,
 * the smallest canvas of the exact size's ratio that holds the kept part at the canvas's scale
 * (the engine's `smallestCanvas`), which the engine scaled to the exact size.
 */
function filledCanvas(
  task: OutpaintTask,
  result: StoredResult,
  maxTrim: number,
): { width: number; height: number } {
  const { canvas, originalSize } = task;
  if (canvas.outputWidth === undefined || canvas.outputHeight === undefined) {
    return { width: result.width, height: result.height };
  }
  if (maxTrim === 0) return { width: canvas.width, height: canvas.height };
  const scale = canvas.imageWidth / originalSize.width;
  const width = Math.max(1, Math.round(result.crop.width * scale));
  const height = Math.max(1, Math.round(result.crop.height * scale));
  const ratio = canvas.outputWidth / canvas.outputHeight;
  return width / height >= ratio
    ? { width, height: Math.max(height, Math.round(width / ratio)) }
    : { width: Math.max(width, Math.round(height * ratio)), height };
}
