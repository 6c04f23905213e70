import type { EnginePool } from '@reframe/engine';
import { keptWhole, type Outpainter } from './outpainter';

/** The built-in engine on the worker pool: the default, and the offline fallback. */
export function createEngineOutpainter(engine: Pick<EnginePool, 'outpaint'>): Outpainter {
  return {
    name: 'engine',
    async outpaint({ original, canvas, seed, placement, rank }, signal) {
      const result = await engine.outpaint(
        { input: original, canvas, seed, placement, rank },
        { signal },
      );
      return {
        ...result,
        ...keptWhole(canvas),
        madeBy: { provider: 'engine', model: null, fallback: false },
      };
    },
  };
}
