import type { FastifyBaseLogger } from 'fastify';
import {
  assertHandlersForEveryJob,
  DEFER_MS,
  laneOf,
  laneSlots,
  runJob,
  type JobCatalogue,
  type JobHandlers,
  type JobLane,
} from '../../platform/jobs/job-catalogue';
import type { JobQueue } from './job-queue';

interface Entry {
  job: JobCatalogue;
  key: string;
  priority: number;
}

/** The jobs of one lane: those waiting, highest priority first, and those running. */
interface Lane {
  slots: number;
  waiting: Entry[];
  running: Set<Promise<void>>;
}

/**
 * A queue in this process, highest priority first and first come first served within one. Each
 * lane of job-catalogue.ts runs at most its own slots' jobs at once: the engine lane `concurrency`
 * (the engine pool's size, so a job's timeout starts when it really runs, not while it waits for
 * a worker), the webhook deliveries theirs.
 */
export function createInProcessQueue(options: {
  concurrency: number;
  log: FastifyBaseLogger;
}): JobQueue & { pending(): number } {
  const { log } = options;
  const slots = laneSlots(options.concurrency);
  const laneOfSize = (size: number): Lane => ({ slots: size, waiting: [], running: new Set() });
  const lanes: Record<JobLane, Lane> = {
    engine: laneOfSize(slots.engine),
    webhooks: laneOfSize(slots.webhooks),
  };
  const keys = new Set<string>();
  /** Deferred and delayed jobs waiting to be offered, by their timer. */
  const deferred = new Map<NodeJS.Timeout, Entry>();
  const stopTaking = new AbortController();
  const shutdown = new AbortController();
  let handlers: JobHandlers | undefined;

  const add = (entry: Entry): void => {
    const { waiting } = lanes[laneOf[entry.job.name]];
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
    for (const { slots: size, waiting, running } of Object.values(lanes)) {
      while (running.size < size && waiting.length > 0 && !stopTaking.signal.aborted) {
        const entry = waiting.shift()!;
        const task = run(entry, all).finally(() => {
          running.delete(task);
          pump();
        });
        running.add(task);
      }
    }
  };

  const allRunning = () => Object.values(lanes).flatMap((lane) => [...lane.running]);

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
      for (const lane of Object.values(lanes)) {
        for (const entry of lane.waiting.splice(0)) keys.delete(entry.key);
      }
      for (const [timer, entry] of deferred) {
        clearTimeout(timer);
        keys.delete(entry.key);
      }
      deferred.clear();
      if (graceMs > 0 && allRunning().length > 0) {
        await Promise.race([
          Promise.allSettled(allRunning()),
          new Promise((resolve) => setTimeout(resolve, graceMs).unref()),
        ]);
      }
      shutdown.abort(new Error('The server is shutting down.'));
      await Promise.allSettled(allRunning());
    },
  };
}
