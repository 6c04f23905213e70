import { createEnginePool, type EnginePool } from '@reframe/engine';
import pino from 'pino';
import { createTestApp, type TestApp } from './test-app';

/** Resolves once `ready()` holds, re-checked each time `changed` is called. */
function waiter() {
  const waits: { ready: () => boolean; resolve: () => void }[] = [];
  return {
    until(ready: () => boolean): Promise<void> {
      if (ready()) return Promise.resolve();
      return new Promise((resolve) => waits.push({ ready, resolve }));
    },
    changed() {
      for (const wait of waits.splice(0)) {
        if (wait.ready()) wait.resolve();
        else waits.push(wait);
      }
    },
  };
}

/**
 * An engine that holds every fill at its start until the test lets them all go, counting the
 * fills that have started; and a logger that counts the jobs put back because their owner had
 * as many running as their plan allows.
 */
function heldEngineAndLog() {
  const pool = createEnginePool({ size: 2 });
  const changes = waiter();
  let started = 0;
  let putBack = 0;
  let letGo = () => {};
  const released = new Promise<void>((resolve) => {
    letGo = resolve;
  });
  const engine: EnginePool = {
    ...pool,
    outpaint: async (request, options) => {
      started += 1;
      changes.changed();
      await released;
      return pool.outpaint(request, options);
    },
  };
  const logger = pino(
    { level: 'debug' },
    {
      write(line: string) {
        if ((JSON.parse(line) as { msg?: string }).msg?.startsWith('prediction put back')) {
          putBack += 1;
          changes.changed();
        }
      },
    },
  );
  return {
    engine,
    logger,
    started: () => started,
    /**
     * Waits until `fills` have started and the others were put back `timesPutBack` times; or,
     * for the test to say what went wrong, until more have started, or jobs were put back many
     * times (10 s of retries) with fewer started.
     */
    until: (fills: number, timesPutBack: number) =>
      changes.until(
        () => (started >= fills && putBack >= timesPutBack) || started > fills || putBack >= 20,
      ),
    letGo,
  };
}

export interface HeldEngineApp {
  t: TestApp;
  held: ReturnType<typeof heldEngineAndLog>;
  /** Lets the held fills go, then closes the app. */
  close(): Promise<void>;
}

/**
 * The app on a held engine with `jobWorkers` workers, where a user may have more jobs active
 * than any plan runs at once, so the limit a test meets is the plan's.
 */
export async function createHeldEngineApp(jobWorkers: number): Promise<HeldEngineApp> {
  const held = heldEngineAndLog();
  const t = await createTestApp({
    env: { MAX_ACTIVE_JOBS_PER_USER: '10' },
    logger: held.logger,
    jobWorkers,
    resizer: { engine: held.engine },
  });
  return {
    t,
    held,
    async close() {
      held.letGo();
      await t.close();
    },
  };
}
