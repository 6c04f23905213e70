import { createEnginePool, type EnginePool } from '@reframe/engine';

/** A one-worker engine whose jobs start only once the test calls `open`. */
export function gatedEngine() {
  const pool = createEnginePool({ size: 1 });
  let open = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const engine: EnginePool = {
    ...pool,
    outpaint: async (request, options) => {
      await gate;
      return pool.outpaint(request, options);
    },
  };
  return { engine, open };
}
