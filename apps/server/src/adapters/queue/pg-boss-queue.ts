import type { FastifyBaseLogger } from 'fastify';
import { CompiledQuery, type Kysely } from 'kysely';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { DB } from '../../platform/db/types';
import {
  assertHandlersForEveryJob,
  DEFER_MS,
  jobLanes,
  jobNames,
  laneOf,
  laneSlots,
  runJob,
  type JobCatalogue,
  type JobHandlers,
  type JobName,
} from '../../platform/jobs/job-catalogue';
import type { JobQueue, JobQueueStartOptions } from './job-queue';

/** How often an idle worker slot asks for a job. */
const POLL_MS = 250;

const deadLetterOf = (name: JobName) => `${name}-dead-letter`;

export interface PgBossQueueOptions {
  connectionString: string;
  /**
   * Image jobs and renewals this process runs at once (its engine pool's size); webhook
   * deliveries run in slots of their own besides (job-catalogue.ts's lanes).
   */
  concurrency: number;
  /**
   * A job's lease: a job still active this long after it started is taken to be lost with its
   * process and handed to another worker. Our handlers stop themselves at the job time-out, so
   * a live process never holds a job past it.
   */
  leaseMs: number;
  /** Times a lost or crashed job is started again before it goes to the dead-letter path. */
  retryLimit: number;
  log: FastifyBaseLogger;
}

/** pg-boss's SQL runs on our open transaction, so a job exists only if that commits. */
function executorFor(trx: Kysely<DB>): PgBoss.Db {
  return {
    async executeSql(text, values) {
      const result = await trx.executeQuery(CompiledQuery.raw(text, values));
      return { rows: result.rows as object[] };
    },
  };
}

/**
 * Runs `run` while holding a PostgreSQL advisory lock, so processes starting at once take turns:
 * pg-boss's create_queue deadlocks when two create the same queue together.
 */
async function oneProcessAtATime(connectionString: string, run: () => Promise<void>) {
  const client = new pg.Client({ connectionString });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', ['reframe:create-job-queues']);
    await run();
  } finally {
    await client.end();
  }
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * The job queue shared by every web and worker process on PostgreSQL, in pg-boss's tables: one
 * job per key (its `stately` policy), highest priority first, a lease of `leaseMs` after which
 * a lost job is retried by whichever worker's maintenance runs first (pg-boss takes an advisory
 * lock for it), and a dead-letter queue for jobs whose retries are used up. A worker runs each
 * lane in slots of its own, each slot taking only its lane's jobs.
 */
export function createPgBossQueue(options: PgBossQueueOptions): JobQueue {
  const { log } = options;
  const lanes = laneSlots(options.concurrency);
  const allSlots = jobLanes.reduce((sum, lane) => sum + lanes[lane], 0);
  const stopTaking = new AbortController();
  const shutdown = new AbortController();
  const slots: Promise<void>[] = [];
  const leaseSeconds = Math.max(1, Math.ceil(options.leaseMs / 1000));
  let boss: PgBoss | undefined;

  const opened = (): PgBoss => {
    if (!boss) throw new Error('The job queue is not started.');
    return boss;
  };

  const runOne = async (
    name: JobName,
    job: PgBoss.JobWithMetadata<JobCatalogue['data']>,
    handlers: JobHandlers,
  ): Promise<void> => {
    const queue = opened();
    try {
      const status = await runJob(
        handlers,
        { name, data: job.data } as JobCatalogue,
        shutdown.signal,
      );
      if (status === 'deferred') {
        await queue.send(name, job.data, {
          singletonKey: job.singletonKey ?? undefined,
          priority: job.priority,
          startAfter: new Date(Date.now() + DEFER_MS),
        });
      }
      await queue.complete(name, job.id);
    } catch (error) {
      if (!shutdown.signal.aborted) log.error({ err: error, job: name, id: job.id }, 'job threw');
      await queue.fail(name, job.id, { message: (error as Error).message });
    }
  };

  const settleDeadLetter = async (
    name: JobName,
    { giveUp }: JobQueueStartOptions,
  ): Promise<boolean> => {
    const queue = opened();
    const [dead] = await queue.fetch<JobCatalogue['data']>(deadLetterOf(name), { batchSize: 1 });
    if (!dead) return false;
    log.warn({ job: name, data: dead.data }, 'job gave up after its retries');
    await giveUp?.({ name, data: dead.data } as JobCatalogue);
    await queue.complete(deadLetterOf(name), dead.id);
    return true;
  };

  /** One slot of a lane: it takes only the jobs of `names`, the lane's. */
  const slot = async (
    names: readonly JobName[],
    handlers: JobHandlers,
    given: JobQueueStartOptions,
  ): Promise<void> => {
    while (!stopTaking.signal.aborted) {
      let worked = false;
      for (const name of names) {
        try {
          if (await settleDeadLetter(name, given)) worked = true;
          const [job] = await opened().fetch<JobCatalogue['data']>(name, {
            batchSize: 1,
            priority: true,
            includeMetadata: true,
          });
          if (job && !stopTaking.signal.aborted) {
            await runOne(name, job, handlers);
            worked = true;
          } else if (job) {
            await opened().fail(name, job.id, { message: 'The worker is shutting down.' });
          }
        } catch (error) {
          log.error({ err: error, job: name }, 'job queue poll failed');
        }
      }
      if (!worked) await abortableSleep(POLL_MS, stopTaking.signal);
    }
  };

  return {
    kind: 'pg-boss',

    async start(handlers, given = {}) {
      if (handlers) assertHandlersForEveryJob(handlers);
      boss = new PgBoss({
        connectionString: options.connectionString,
        max: allSlots + 1,
        schedule: false,
        supervise: Boolean(handlers),
        // Lost jobs are noticed within a quarter of their lease.
        maintenanceIntervalSeconds: Math.max(1, Math.ceil(leaseSeconds / 4)),
      });
      boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
      await boss.start();
      const started = boss;
      await oneProcessAtATime(options.connectionString, async () => {
        for (const name of jobNames) {
          await started.createQueue(deadLetterOf(name), { name: deadLetterOf(name) });
          const settings = {
            name,
            policy: 'stately' as const,
            retryLimit: options.retryLimit,
            retryDelay: 0,
            expireInSeconds: leaseSeconds,
            deadLetter: deadLetterOf(name),
          };
          await started.createQueue(name, settings);
          await started.updateQueue(name, settings);
        }
      });
      if (!handlers) return;
      for (const lane of jobLanes) {
        const names = jobNames.filter((name) => laneOf[name] === lane);
        for (let i = 0; i < lanes[lane]; i++) slots.push(slot(names, handlers, given));
      }
    },

    async enqueue(job, { key, priority, delayMs, trx }) {
      await opened().send(job.name, job.data, {
        singletonKey: key,
        priority,
        ...(delayMs ? { startAfter: new Date(Date.now() + delayMs) } : {}),
        ...(trx ? { db: executorFor(trx) } : {}),
      });
    },

    async close(graceMs = 0) {
      stopTaking.abort();
      if (graceMs > 0) {
        await Promise.race([
          Promise.allSettled(slots),
          new Promise((resolve) => setTimeout(resolve, graceMs).unref()),
        ]);
      }
      shutdown.abort(new Error('The server is shutting down.'));
      await Promise.allSettled(slots);
      await boss?.stop({ graceful: false, wait: true });
    },
  };
}
