import { randomUUID } from 'node:crypto';
import { errorMessages, type Prediction, type RunResponse } from '@reframe/shared';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessQueue } from '../../src/adapters/queue/in-process-queue';
import type { JobQueue } from '../../src/adapters/queue/job-queue';
import { spendCredit } from '../../src/credits/credits.service';
import { refundStaleQueued } from '../../src/resizer/prediction-recovery';
import { insertPrediction } from '../../src/resizer/predictions/predictions.repo';
import { signUpVerified } from '../helpers/accounts';
import type { TestClient } from '../helpers/client';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { drawnPhoto } from './images';
import { creditsOf, pollUntilSettled, upload } from './resizer-client';

async function userIdOf(client: TestClient): Promise<string> {
  return (await client.get('/api/me')).json<{ user: { id: string } }>().user.id;
}

describe('a run whose jobs cannot be enqueued', () => {
  let t: TestApp;
  let queueDown = false;
  beforeAll(async () => {
    const inner = createInProcessQueue({ concurrency: 1, log: pino({ level: 'silent' }) });
    const queue: JobQueue = {
      kind: inner.kind,
      start: (handlers) => inner.start(handlers),
      close: (graceMs) => inner.close(graceMs),
      enqueue: (job, options) =>
        queueDown ? Promise.reject(new Error('the queue is down')) : inner.enqueue(job, options),
    };
    t = await createTestApp({ resizer: { queue } });
  });
  afterAll(() => t.close());

  it('leaves its outputs waiting, not marked queued, and runs them at the next dispatch', async () => {
    const { client } = await signUpVerified(t);
    const userId = await userIdOf(client);
    const original = await upload(t, client, await drawnPhoto());

    queueDown = true;
    const first = await client.post('/api/runs', {
      upload_ids: [original.id],
      outputs: [{ aspect_ratio: '16:9' }, { aspect_ratio: '1:1' }],
    });
    queueDown = false;

    expect(first.statusCode, first.body).toBe(202);
    const waiting = await t.database.db
      .selectFrom('prediction')
      .select(['status', 'queued_at'])
      .where('user_id', '=', userId)
      .execute();
    expect(waiting).toEqual([
      { status: 'starting', queued_at: null },
      { status: 'starting', queued_at: null },
    ]);

    const second = await client.post('/api/runs', {
      upload_ids: [original.id],
      outputs: [{ aspect_ratio: '9:16' }],
    });
    expect(second.statusCode, second.body).toBe(202);
    const ids = [first, second].flatMap((response) =>
      response.json<RunResponse>().predictions.map((prediction) => prediction.id),
    );
    const settled: Prediction[] = [];
    for (const id of ids) settled.push(await pollUntilSettled(client, id, 15_000));
    expect(settled.map((prediction) => prediction.status)).toEqual([
      'succeeded',
      'succeeded',
      'succeeded',
    ]);
    expect(await creditsOf(client)).toBe(2);
  });
});

describe('a prediction marked queued whose job was lost', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('fails and is refunded once it has waited past the stale limit, and only then', async () => {
    const { client } = await signUpVerified(t);
    const userId = await userIdOf(client);
    const original = await upload(t, client, await drawnPhoto());
    const queuedAt = new Date(Date.now() - 20 * 60_000);
    const ids = [randomUUID(), randomUUID()];
    for (const [i, id] of ids.entries()) {
      const spendKey = `prediction:${id}`;
      await spendCredit(t.database.db, { userId, key: spendKey, now: queuedAt });
      await insertPrediction(t.database.db, {
        id,
        user_id: userId,
        upload_id: original.id,
        aspect_ratio: '16:9',
        alignment: 'center',
        framing: 'keep',
        style: 'natural',
        canvas: null,
        width: 71,
        height: 40,
        seed: 1,
        regenerate: 0,
        status: 'starting',
        error: null,
        output_key: null,
        spend_key: spendKey,
        run_id: null,
        // The second was queued just now: its job may still come.
        queued_at: i === 0 ? queuedAt.toISOString() : new Date().toISOString(),
        created_at: queuedAt.toISOString(),
      });
    }
    expect(await creditsOf(client)).toBe(3);

    const told: string[] = [];
    const refunded = await refundStaleQueued({
      db: t.database.db,
      log: pino({ level: 'silent' }),
      staleAfterMs: 10 * 60_000,
      onFailed: (predictionId) => {
        told.push(predictionId);
        return Promise.resolve();
      },
    });

    expect(refunded).toBe(1);
    expect(told).toEqual([ids[0]]);
    const rows = await t.database.db
      .selectFrom('prediction')
      .select(['id', 'status', 'error'])
      .where('id', 'in', ids)
      .execute();
    expect(rows.find((row) => row.id === ids[0])).toMatchObject({
      status: 'failed',
      error: errorMessages.JOB_TIMED_OUT,
    });
    expect(rows.find((row) => row.id === ids[1])).toMatchObject({ status: 'starting' });
    expect(await creditsOf(client)).toBe(4);
  });
});
