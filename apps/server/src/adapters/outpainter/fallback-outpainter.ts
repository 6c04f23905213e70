import type { FastifyBaseLogger } from 'fastify';
import { ProviderError, type Outpainter } from './outpainter';

/**
 * AI_FALLBACK=engine: when the hosted provider is unavailable (not when it answered with a
 * failure or an unusable image), the built-in engine makes the result, and the result says so.
 */
export function withEngineFallback(
  primary: Outpainter,
  engine: Outpainter,
  log: FastifyBaseLogger,
): Outpainter {
  return {
    name: primary.name,
    async outpaint(task, signal) {
      try {
        return await primary.outpaint(task, signal);
      } catch (error) {
        if (
          !(error instanceof ProviderError) ||
          error.failure !== 'unavailable' ||
          signal.aborted
        ) {
          throw error;
        }
        log.warn(
          { predictionId: task.predictionId, provider: primary.name, reason: error.message },
          'provider unavailable; the built-in engine makes this result',
        );
        const result = await engine.outpaint(task, signal);
        return { ...result, madeBy: { provider: engine.name, model: null, fallback: true } };
      }
    },
  };
}
