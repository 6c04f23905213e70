/**
 * Wakes the polls waiting on a prediction when its job settles, so a poll is answered as soon as
 * the result is stored instead of at the client's next poll. In this process only: a poll held
 * on another instance still answers when its wait ends.
 */
export function createPredictionWatch() {
  const waiters = new Map<string, Set<() => void>>();

  return {
    /**
     * Resolves when `settled(predictionId)` is called or after `ms`, whichever comes first.
     * Call it before reading the prediction, so a settle between the read and the wait is seen.
     */
    wait(predictionId: string, ms: number): { settled: Promise<void>; cancel(): void } {
      let wake = () => {};
      const settled = new Promise<void>((resolve) => {
        const timer = setTimeout(() => wake(), ms);
        wake = () => {
          clearTimeout(timer);
          const set = waiters.get(predictionId);
          set?.delete(wake);
          if (set?.size === 0) waiters.delete(predictionId);
          resolve();
        };
      });
      const set = waiters.get(predictionId) ?? new Set();
      set.add(wake);
      waiters.set(predictionId, set);
      return { settled, cancel: wake };
    },

    settled(predictionId: string): void {
      for (const wake of [...(waiters.get(predictionId) ?? [])]) wake();
    },

    /** Polls waiting now, for tests. */
    waiting: () => [...waiters.values()].reduce((sum, set) => sum + set.size, 0),
  };
}

export type PredictionWatch = ReturnType<typeof createPredictionWatch>;
