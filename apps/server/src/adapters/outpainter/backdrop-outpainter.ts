import type { Outpainter } from './outpainter';

/**
 * With a hosted provider: a blurred backdrop (issue 38) is no model's work, so the built-in
 * engine makes it; every other result goes to the provider.
 */
export function withEngineBackdrop(primary: Outpainter, engine: Outpainter): Outpainter {
  return {
    name: primary.name,
    outpaint(task, signal) {
      return task.style === 'blurred_backdrop'
        ? engine.outpaint(task, signal)
        : primary.outpaint(task, signal);
    },
  };
}
