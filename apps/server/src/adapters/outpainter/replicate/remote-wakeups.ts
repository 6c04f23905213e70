import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Lets a webhook wake the job that waits for the same prediction in this process, instead of
 * its next poll. The database stays the source of truth (the job re-reads it when woken), so a
 * webhook answered by another process only costs the waiting job its poll interval.
 */
export function createRemoteWakeups() {
  const waiting = new Map<string, Set<() => void>>();

  return {
    /** Resolves after `ms`, or earlier when `notify(key)` is called; rejects when aborted. */
    async wait(key: string, ms: number, signal: AbortSignal): Promise<void> {
      const wake = new AbortController();
      const onNotify = () => wake.abort();
      const set = waiting.get(key) ?? new Set();
      set.add(onNotify);
      waiting.set(key, set);
      try {
        await sleep(ms, undefined, { signal: AbortSignal.any([signal, wake.signal]) });
      } catch (error) {
        if (signal.aborted) throw error;
      } finally {
        set.delete(onNotify);
        if (set.size === 0) waiting.delete(key);
      }
    },
    notify(key: string): void {
      for (const wake of waiting.get(key) ?? []) wake();
    },
  };
}

export type RemoteWakeups = ReturnType<typeof createRemoteWakeups>;
