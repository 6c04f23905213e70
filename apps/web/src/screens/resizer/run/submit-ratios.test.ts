import { describe, expect, it } from 'vitest';
import { submitRatios, type SubmitRatiosDeps } from './submit-ratios';

/** Each run waits until the test finishes it, so what is in flight at any moment is visible. */
function harness({ cancelAfterStarts = Infinity } = {}) {
  const log: string[] = [];
  const inFlight = new Map<string, () => void>();
  let starts = 0;
  const deps: SubmitRatiosDeps = {
    run: (ratio) =>
      new Promise<void>((resolve) => {
        starts += 1;
        log.push(`run ${ratio}`);
        inFlight.set(ratio, () => {
          inFlight.delete(ratio);
          resolve();
        });
      }),
    onStart: (ratio) => log.push(`start ${ratio}`),
    sleep: (ms) => {
      log.push(`sleep ${ms}`);
      return Promise.resolve();
    },
    cancelled: () => starts >= cancelAfterStarts,
  };
  const finish = async (ratio: string) => {
    inFlight.get(ratio)?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { deps, log, inFlight, finish };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('submitRatios', () => {
  it('submits every ratio at once for the built-in engine', async () => {
    const { deps, log, inFlight, finish } = harness();
    const done = submitRatios(['1:1', '16:9', '9:16'], { kind: 'all-at-once' }, 3, deps);
    await settle();
    expect([...inFlight.keys()]).toEqual(['1:1', '16:9', '9:16']);
    for (const ratio of ['9:16', '1:1', '16:9']) await finish(ratio);
    await done;
    expect(log).toEqual(['run 1:1', 'run 16:9', 'run 9:16']);
  });

  it('keeps no more in flight than the server allows, starting the next as one finishes', async () => {
    const { deps, inFlight, finish } = harness();
    const ratios = ['1:1', '16:9', '9:16', '21:9', '4:5'];
    const done = submitRatios(ratios, { kind: 'all-at-once' }, 3, deps);
    await settle();
    expect([...inFlight.keys()]).toEqual(['1:1', '16:9', '9:16']);
    await finish('16:9');
    expect([...inFlight.keys()]).toEqual(['1:1', '9:16', '21:9']);
    await finish('1:1');
    expect([...inFlight.keys()]).toEqual(['9:16', '21:9', '4:5']);
    for (const ratio of ['9:16', '21:9', '4:5']) await finish(ratio);
    await done;
  });

  it('runs one ratio after another with the hosted pause in between', async () => {
    const { deps, log, inFlight, finish } = harness();
    const done = submitRatios(['1:1', '16:9'], { kind: 'one-by-one', pauseMs: 2000 }, 3, deps);
    await settle();
    expect([...inFlight.keys()]).toEqual(['1:1']);
    await finish('1:1');
    await finish('16:9');
    await done;
    expect(log).toEqual(['start 1:1', 'run 1:1', 'sleep 2000', 'start 16:9', 'run 16:9']);
  });

  it('starts nothing more once the run is cancelled', async () => {
    const { deps, log, finish } = harness({ cancelAfterStarts: 1 });
    const done = submitRatios(['1:1', '16:9', '9:16'], { kind: 'all-at-once' }, 1, deps);
    await finish('1:1');
    await done;
    expect(log).toEqual(['run 1:1']);
  });
});
