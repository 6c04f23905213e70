import type { Prediction } from '@reframe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFreeAccountIfMissing } from '../../src/billing/billing.repo';
import { toIsoString } from '../../src/platform/db/column-types';
import { signUpVerified } from '../helpers/accounts';
import type { TestClient } from '../helpers/client';
import { waitFor } from '../helpers/poll';
import { S3_TEST_CREDENTIALS, startS3Server, type TestS3Server } from '../helpers/s3-server';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { photo } from '../resizer/images';
import { isSettled, predictionBody, upload } from '../resizer/resizer-client';

/**
 * A web process queues a backlog before any worker runs, then one worker (its own process
 * state, the same PostgreSQL database and bucket) works through it.
 */
// Each test waits for a worker process to settle a backlog (up to 120 s on a loaded machine).
describe('job priority and fairness across users', { timeout: 180_000 }, () => {
  let s3: TestS3Server;
  let web: TestApp;
  let worker: TestApp | undefined;

  beforeAll(async () => {
    Object.assign(process.env, S3_TEST_CREDENTIALS);
    s3 = await startS3Server();
    web = await createTestApp({
      env: { ...s3.env, ROLE: 'web', MAX_ACTIVE_JOBS_PER_USER: '20' },
    });
  });
  afterAll(async () => {
    await worker?.close();
    await web.close();
    await s3.close();
  });

  async function userWithCredits(plan: 'free' | 'expert', credits = 20) {
    const { client } = await signUpVerified(web);
    const { user } = (await client.get('/api/me')).json<{ user: { id: string } }>();
    const now = new Date();
    await insertFreeAccountIfMissing(web.database.db, {
      userId: user.id,
      periodStart: now,
      periodEnd: new Date(now.getTime() + 30 * 86_400_000),
      now,
    });
    await web.database.db
      .updateTable('billing_account')
      .set({ plan_id: plan })
      .where('user_id', '=', user.id)
      .execute();
    await web.database.db
      .updateTable('user_profile')
      .set({ credits })
      .where('user_id', '=', user.id)
      .execute();
    return client;
  }

  async function submit(client: TestClient, uploadId: string, count: number) {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const response = await client.post('/api/replicate', predictionBody(uploadId, '16:9'));
      expect(response.statusCode, response.body).toBe(202);
      ids.push(response.json<Prediction>().id);
    }
    return ids;
  }

  async function runWorkerUntilSettled(ids: string[], env: Record<string, string>) {
    await worker?.close();
    worker = await createTestApp({
      env: {
        ...s3.env,
        ROLE: 'worker',
        DATABASE_URL: web.config.db.kind === 'postgres' ? web.config.db.url : '',
        ...env,
      },
    });
    const rows = await waitFor(
      () =>
        web.database.db
          .selectFrom('prediction')
          .select(['id', 'status', 'started_at', 'settled_at'])
          .where('id', 'in', ids)
          .execute(),
      {
        what: 'the backlog to settle',
        until: (found) => found.every(isSettled),
        timeoutMs: 120_000,
        intervalMs: 200,
      },
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => {
      const row = byId.get(id)!;
      return {
        status: row.status,
        started: new Date(toIsoString(row.started_at!)).getTime(),
        settled: new Date(toIsoString(row.settled_at!)).getTime(),
      };
    });
  }

  it("starts an Expert's job, submitted last, before a backlog of Free jobs", async () => {
    const free = await userWithCredits('free');
    const expert = await userWithCredits('expert');
    const freeIds = await submit(
      free,
      (await upload(web, free, await photo('coffee.png', 64))).id,
      6,
    );
    const [expertId] = await submit(
      expert,
      (await upload(web, expert, await photo('coffee.png', 64))).id,
      1,
    );

    const runs = await runWorkerUntilSettled([...freeIds, expertId!], { ENGINE_WORKERS: '1' });
    const expertRun = runs.at(-1)!;
    expect(runs.every((run) => run.status === 'succeeded')).toBe(true);
    for (const freeRun of runs.slice(0, -1)) {
      expect(expertRun.started).toBeLessThanOrEqual(freeRun.started);
    }
  });

  it("holds at most N workers for one user's 10 queued jobs, while another user's job runs", async () => {
    const bulk = await userWithCredits('free');
    const other = await userWithCredits('free');
    const bulkIds = await submit(
      bulk,
      (await upload(web, bulk, await photo('hubble_deep_field.jpg', 300))).id,
      10,
    );
    const [otherId] = await submit(
      other,
      (await upload(web, other, await photo('coffee.png', 64))).id,
      1,
    );

    const runs = await runWorkerUntilSettled([...bulkIds, otherId!], {
      ENGINE_WORKERS: '2',
    });
    const bulkRuns = runs.slice(0, -1);
    const otherRun = runs.at(-1)!;
    for (const run of bulkRuns) {
      const overlapping = bulkRuns.filter(
        (o) => o.started < run.settled && run.started < o.settled,
      );
      expect(overlapping).toHaveLength(1);
    }
    // First come, first served, it would start only when all ten had started; with the cap it
    // starts while the first of them run (a worker passes over the others first).
    const bulkStarts = bulkRuns.map((run) => run.started).sort((a, b) => a - b);
    expect(otherRun.started).toBeLessThan(bulkStarts[3]!);
  });
});
