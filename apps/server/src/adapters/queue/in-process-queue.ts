import type { FastifyBaseLogger } from 'fastify';
import {
  assertHandlersForEveryJob,
  DEFER_MS,
  runJob,
  type JobCatalogue,
  type JobHandlers,
} from '../../platform/jobs/job-catalogue';
import type { JobQueue } from './job-queue';

interface Entry {
  job: JobCatalogue;
  key: string;
  priority: number;
}

/**
 * A queue in this process, highest priority first and first come first served within one,
 * running at most `concurrency` jobs at once (the engine pool's size, so a job's timeout starts
 * when it really runs, not while it waits for a worker).
 */
export function createInProcessQueue(options: {
  concurrency: number;
  log: FastifyBaseLogger;
}): JobQueue & { pending(): number } {
  const { log } = options;
  const concurrency = Math.max(1, options.concurrency);
  const waiting: Entry[] = [];
  const keys = new Set<string>();
  const running = new Set<Promise<void>>();
  /** Deferred and delayed jobs waiting to be offered, by their timer. */
  const deferred = new Map<NodeJS.Timeout, Entry>();
  const stopTaking = new AbortController();
  const shutdown = new AbortController();
  let handlers: JobHandlers | undefined;

  const add = (entry: Entry): void => {
    const at = waiting.findIndex((other) => other.priority < entry.priority);
    waiting.splice(at === -1 ? waiting.length : at, 0, entry);
  };

  const addLater = (entry: Entry, delayMs: number): void => {
    const timer = setTimeout(() => {
      deferred.delete(timer);
      add(entry);
      pump();
    }, delayMs);
    deferred.set(timer, entry);
  };

  const run = async (entry: Entry, all: JobHandlers): Promise<void> => {
    let again = false;
    try {
      const status = await runJob(all, entry.job, shutdown.signal);
      log.debug({ job: entry.job.name, key: entry.key, status }, 'job finished');
      again = status === 'deferred' && !stopTaking.signal.aborted;
    } catch (error) {
      if (!shutdown.signal.aborted) log.error({ err: error, key: entry.key }, 'job threw');
    }
    if (again) addLater(entry, DEFER_MS);
    else keys.delete(entry.key);
  };

  const pump = (): void => {
    const all = handlers;
    if (!all) return;
    while (running.size < concurrency && waiting.length > 0 && !stopTaking.signal.aborted) {
      const entry = waiting.shift()!;
      const task = run(entry, all).finally(() => {
        running.delete(task);
        pump();
      });
      running.add(task);
    }
  };

  return {
    kind: 'in-process',
    start(given) {
      if (given) {
        assertHandlersForEveryJob(given);
        handlers = given;
        pump();
      }
      return Promise.resolve();
    },
    enqueue(job, { key, priority, delayMs = 0 }) {
      if (stopTaking.signal.aborted || keys.has(key)) return Promise.resolve();
      keys.add(key);
      if (delayMs > 0) addLater({ job, key, priority }, delayMs);
      else {
        add({ job, key, priority });
        pump();
      }
      return Promise.resolve();
    },
    pending: () => keys.size,
    async close(graceMs = 0) {
      stopTaking.abort();
      for (const entry of waiting.splice(0)) keys.delete(entry.key);
      for (const [timer, entry] of deferred) {
        clearTimeout(timer);
        keys.delete(entry.key);
      }
      deferred.clear();
      if (graceMs > 0 && running.size > 0) {
        await Promise.race([
          Promise.allSettled([...running]),
          new Promise((resolve) => setTimeout(resolve, graceMs).unref()),
        ]);
      }
      shutdown.abort(new Error('The server is shutting down.'));
      await Promise.allSettled([...running]);
    },
  };
}
