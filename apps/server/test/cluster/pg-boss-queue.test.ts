import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { JobQueue } from '../../src/adapters/queue/job-queue';
import { createPgBossQueue, type PgBossQueueOptions } from '../../src/adapters/queue/pg-boss-queue';
import { openDatabase, type Database } from '../../src/platform/db/database';
import { runMigrations } from '../../src/platform/db/migrate';
import {
  WEBHOOK_LANE_SLOTS,
  type JobCatalogue,
  type JobStatus,
} from '../../src/platform/jobs/job-catalogue';
import { createPostgresDatabase } from '../helpers/database';
import { waitFor } from '../helpers/poll';

const PlanRenew = () => Promise.resolve('succeeded' as const);
const ApiWebhookDeliver = () => Promise.resolve('succeeded' as const);

const log = pino({ level: 'silent' });
const job = (predictionId: string): JobCatalogue => ({
  name: 'PredictionRun',
  data: { predictionId },
});

let postgres: Awaited<ReturnType<typeof createPostgresDatabase>>;
let database: Database;
const open: JobQueue[] = [];

beforeAll(async () => {
  postgres = await createPostgresDatabase();
  database = openDatabase({ kind: 'postgres', url: postgres.url });
  await runMigrations(database);
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((queue) => queue.close()));
  await sql`delete from pgboss.job`.execute(database.db);
});
afterAll(async () => {
  await database.destroy();
  await postgres.drop();
});

function queueOf(options: Partial<PgBossQueueOptions> = {}): JobQueue {
  const queue = createPgBossQueue({
    connectionString: postgres.url,
    concurrency: 1,
    leaseMs: 60_000,
    retryLimit: 2,
    log,
    ...options,
  });
  open.push(queue);
  return queue;
}

const until = (done: () => boolean, what: string) =>
  waitFor(done, { what, timeoutMs: 30_000, intervalMs: 50 });

/**
 * Jobs of `key` that pg-boss still holds to run (waiting, retrying or running), so a test can
 * tell that nothing more will run by the queue's state instead of by waiting.
 */
async function stillToRun(key: string): Promise<number> {
  const { rows } = await sql<{ count: string }>`
    select count(*) as count from pgboss.job
    where name = 'PredictionRun' and singleton_key = ${key}
      and state in ('created', 'retry', 'active')`.execute(database.db);
  return Number(rows[0]?.count ?? 0);
}

/** Waits until pg-boss holds nothing more of `key` to run. */
const untilNothingLeft = (key: string) =>
  waitFor(() => stillToRun(key), {
    what: `pg-boss to hold nothing more of ${key} to run`,
    until: (count) => count === 0,
    timeoutMs: 30_000,
    intervalMs: 50,
  });

/** A job that runs until its process stops it, as a crashed or hung worker's would. */
const untilStopped = (signal: AbortSignal) =>
  new Promise<JobStatus>((_resolve, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason as Error));
  });

describe('the PostgreSQL job queue (pg-boss)', () => {
  it('runs a job only if the transaction that enqueued it commits, and once per key', async () => {
    const web = queueOf();
    await web.start();
    await database.db
      .transaction()
      .execute(async (trx) => {
        await web.enqueue(job('rolled-back'), { key: 'rolled-back', priority: 0, trx });
        throw new Error('the credit could not be taken');
      })
      .catch(() => undefined);
    await database.db.transaction().execute(async (trx) => {
      await web.enqueue(job('kept'), { key: 'kept', priority: 0, trx });
      await web.enqueue(job('kept'), { key: 'kept', priority: 0, trx });
    });

    const ran: string[] = [];
    await queueOf().start({
      PlanRenew,
      ApiWebhookDeliver,
      PredictionRun: ({ predictionId }) => {
        ran.push(predictionId);
        return Promise.resolve('succeeded');
      },
    });
    await until(() => ran.length >= 1, 'the committed job');
    // One worker takes jobs of one priority in order of arrival: a job enqueued after them runs
    // only once any copy of 'kept' or a rolled-back job would have run.
    await web.enqueue(job('after'), { key: 'after', priority: 0 });
    await until(() => ran.includes('after'), 'the job enqueued after them');
    expect(ran).toEqual(['kept', 'after']);
  });

  it('runs the highest priority first, whatever arrived before it', async () => {
    const web = queueOf();
    await web.start();
    for (const id of ['free-1', 'free-2', 'free-3', 'free-4']) {
      await web.enqueue(job(id), { key: id, priority: 0 });
    }
    await web.enqueue(job('expert'), { key: 'expert', priority: 2 });
    await web.enqueue(job('growth'), { key: 'growth', priority: 1 });

    const ran: string[] = [];
    await queueOf().start({
      PlanRenew,
      ApiWebhookDeliver,
      PredictionRun: ({ predictionId }) => {
        ran.push(predictionId);
        return Promise.resolve('succeeded');
      },
    });
    await until(() => ran.length === 6, 'every job');
    expect(ran.slice(0, 2)).toEqual(['expert', 'growth']);
  });

  it('runs a deferred job again later, once', async () => {
    const statuses: JobStatus[] = ['deferred', 'deferred', 'succeeded'];
    let calls = 0;
    const worker = queueOf();
    await worker.start({
      PlanRenew,
      ApiWebhookDeliver,
      PredictionRun: () => Promise.resolve(statuses[calls++]!),
    });
    await worker.enqueue(job('busy-owner'), { key: 'busy-owner', priority: 0 });
    await until(() => calls === 3, 'the third run');
    await untilNothingLeft('busy-owner');
    expect(calls).toBe(3);
  });

  it('retries a crashing job a bounded number of times, then gives it up exactly once', async () => {
    const givenUp: JobCatalogue[] = [];
    let runs = 0;
    const worker = queueOf({ retryLimit: 2 });
    await worker.start(
      {
        PlanRenew,
        ApiWebhookDeliver,
        PredictionRun: () => {
          runs++;
          return Promise.reject(new Error('the worker crashed'));
        },
      },
      {
        giveUp: (given) => {
          givenUp.push(given);
          return Promise.resolve();
        },
      },
    );
    await worker.enqueue(job('crashes'), { key: 'crashes', priority: 0 });
    await until(() => givenUp.length === 1, 'the dead-letter path');
    await untilNothingLeft('crashes');
    expect(runs).toBe(3);
    expect(givenUp).toEqual([job('crashes')]);
  });

  it("never takes a job whose holder's lease is live; after it runs out, one worker of several retries it", async () => {
    const leaseMs = 2000;
    const startedAt = new Map<string, number>();
    const holder = queueOf({ leaseMs });
    await holder.start({
      PlanRenew,
      ApiWebhookDeliver,
      PredictionRun: (_data, signal) => {
        startedAt.set('holder', Date.now());
        return untilStopped(signal);
      },
    });
    await holder.enqueue(job('held'), { key: 'held', priority: 0 });
    await until(() => startedAt.has('holder'), 'the holder to take the job');

    const takers: string[] = [];
    for (const name of ['second', 'third']) {
      await queueOf({ leaseMs }).start({
        PlanRenew,
        ApiWebhookDeliver,
        PredictionRun: () => {
          takers.push(name);
          startedAt.set(name, Date.now());
          return Promise.resolve('succeeded');
        },
      });
    }
    await until(() => takers.length === 1, 'a retry after the lease');
    await untilNothingLeft('held');
    expect(takers).toHaveLength(1);
    expect(startedAt.get(takers[0]!)! - startedAt.get('holder')!).toBeGreaterThanOrEqual(leaseMs);
  });

  it('runs webhook deliveries in slots of their own: an image job never waits behind them (issue 39)', async () => {
    const delivering = new Set<string>();
    const ran: string[] = [];
    const worker = queueOf({ concurrency: 1 });
    await worker.start({
      PlanRenew,
      ApiWebhookDeliver: ({ deliveryId }, signal) => {
        delivering.add(deliveryId);
        return untilStopped(signal);
      },
      PredictionRun: ({ predictionId }) => {
        ran.push(predictionId);
        return Promise.resolve('succeeded');
      },
    });
    const deliveries = Array.from({ length: WEBHOOK_LANE_SLOTS + 3 }, (_, n) => `msg_${n}`);
    for (const deliveryId of deliveries) {
      await worker.enqueue(
        { name: 'ApiWebhookDeliver', data: { deliveryId } },
        { key: deliveryId, priority: 100 },
      );
    }
    await until(() => delivering.size === WEBHOOK_LANE_SLOTS, 'the deliveries to fill their slots');
    await worker.enqueue(job('victim'), { key: 'victim', priority: 0 });
    await until(() => ran.includes('victim'), 'the image job');
    await untilNothingLeft('victim');
    expect(delivering.size).toBe(WEBHOOK_LANE_SLOTS);
    const { rows } = await sql<{ count: string }>`
      select count(*) as count from pgboss.job
      where name = 'ApiWebhookDeliver' and state in ('created', 'active')`.execute(database.db);
    expect(Number(rows[0]?.count)).toBe(deliveries.length);
  });
});
