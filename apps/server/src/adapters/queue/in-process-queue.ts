import type { FastifyBaseLogger } from 'fastify';
import { jobNames, runJob, type JobCatalogue, type JobHandlers } from '../../jobs/job-catalogue';
import type { JobQueue } from './job-queue';

interface Entry {
  job: JobCatalogue;
  key: string;
}

/**
 * A FIFO in this process, running at most `concurrency` jobs at once (the engine pool's size, so
 * a job's timeout starts when it really runs, not while it waits for a worker).
 */
export function createInProcessQueue(options: {
  concurrency: number;
  log: FastifyBaseLogger;
}): JobQueue {
  const { log } = options;
  const concurrency = Math.max(1, options.concurrency);
  const waiting: Entry[] = [];
  const keys = new Set<string>();
  const running = new Set<Promise<void>>();
  const shutdown = new AbortController();
  let handlers: JobHandlers | undefined;

  const run = async (entry: Entry, all: JobHandlers): Promise<void> => {
    try {
      const status = await runJob(all, entry.job, shutdown.signal);
      log.debug({ job: entry.job.name, key: entry.key, status }, 'job finished');
    } catch (error) {
      if (!shutdown.signal.aborted) log.error({ err: error, key: entry.key }, 'job threw');
    }
  };

  const pump = (): void => {
    const all = handlers;
    if (!all) return;
    while (running.size < concurrency && waiting.length > 0 && !shutdown.signal.aborted) {
      const entry = waiting.shift()!;
      const task = run(entry, all).finally(() => {
        running.delete(task);
        keys.delete(entry.key);
        pump();
      });
      running.add(task);
    }
  };

  return {
    kind: 'in-process',
    start(given) {
      const missing = jobNames.filter((name) => typeof given[name] !== 'function');
      if (missing.length > 0) throw new Error(`No handler for job(s): ${missing.join(', ')}`);
      handlers = given;
      pump();
    },
    enqueue(job, key) {
      if (shutdown.signal.aborted || keys.has(key)) return;
      keys.add(key);
      waiting.push({ job, key });
      pump();
    },
    pending: () => keys.size,
    async close() {
      shutdown.abort(new Error('The server is shutting down.'));
      for (const entry of waiting.splice(0)) keys.delete(entry.key);
      await Promise.allSettled([...running]);
    },
  };
}
