import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPredictionWatch } from './prediction-watch';

describe('createPredictionWatch', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('wakes every poll waiting on a prediction when it settles, and only those', async () => {
    vi.useFakeTimers();
    const watch = createPredictionWatch();
    const woken: string[] = [];
    const a1 = watch.wait('a', 60_000).settled.then(() => woken.push('a1'));
    const a2 = watch.wait('a', 60_000).settled.then(() => woken.push('a2'));
    void watch.wait('b', 60_000).settled.then(() => woken.push('b'));
    expect(watch.waiting()).toBe(3);

    watch.settled('a');
    await Promise.all([a1, a2]);
    expect(woken).toEqual(['a1', 'a2']);
    expect(watch.waiting()).toBe(1);
  });

  it('lets a poll go when its hold ends without the prediction settling', async () => {
    vi.useFakeTimers();
    const watch = createPredictionWatch();
    let done = false;
    const wait = watch.wait('a', 1000).settled.then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await wait;
    expect(done).toBe(true);
    expect(watch.waiting()).toBe(0);
  });

  it('forgets a cancelled wait', () => {
    const watch = createPredictionWatch();
    watch.wait('a', 60_000).cancel();
    expect(watch.waiting()).toBe(0);
    watch.settled('a');
  });
});
