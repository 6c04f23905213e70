import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Prediction } from '@reframe/shared';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessQueue } from '../../src/adapters/queue/in-process-queue';
import { recoverPredictions } from '../../src/resizer/prediction-recovery';
import { PASSWORD, signUpVerified } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { photo } from './images';
import { creditsOf, pollUntilSettled, predictionBody, upload } from './resizer-client';

describe('jobs that do not finish', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ENGINE_WORKERS: '1' }, jobTimeoutMs: 5 });
  });
  afterAll(() => t.close());

  it('fails a job that runs past its time limit and refunds its credit', async () => {
    const { client } = await signUpVerified(t);
    const original = await upload(t, client, await photo('astronaut.png', 900));
    const accepted = await client.post('/api/replicate', predictionBody(original.id, '4:1'));
    expect(accepted.statusCode).toBe(202);
    const done = await pollUntilSettled(client, accepted.json<Prediction>().id);
    expect(done).toMatchObject({
      status: 'failed',
      output: null,
      error: 'The image took too long to process. Your credit was refunded.',
    });
    expect(await creditsOf(client)).toBe(5);
    // The job may time out before the client can read its balance; the ledger shows the credit
    // was taken and given back, once each.
    const me = (await client.get('/api/me')).json<{ user: { id: string } }>();
    const changes = await t.database.db
      .selectFrom('credit_ledger')
      .select('delta')
      .where('user_id', '=', me.user.id)
      .where('delta', '!=', 5)
      .orderBy('created_at')
      .execute();
    expect(changes.map((change) => change.delta)).toEqual([-1, 1]);
  });

  it('at start, fails and refunds jobs left unsettled for too long, and resumes the rest', async () => {
    const { client } = await signUpVerified(t);
    const original = await upload(t, client, await photo('coffee.png', 40));
    const me = (await client.get('/api/me')).json<{ user: { id: string } }>();
    const now = new Date();
    const insert = async (id: string, createdAt: Date) => {
      await t.database.db
        .insertInto('prediction')
        .values({
          id,
          user_id: me.user.id,
          upload_id: original.id,
          aspect_ratio: '1:1',
          alignment: 'center',
          width: 52,
          height: 52,
          seed: 1,
          regenerate: 0,
          status: 'processing',
          error: null,
          output_key: null,
          spend_key: `prediction:${id}`,
          attempts: 1,
          created_at: createdAt.toISOString(),
          started_at: createdAt.toISOString(),
          settled_at: null,
        })
        .execute();
      await t.database.db
        .updateTable('user_profile')
        .set((eb) => ({ credits: eb('credits', '-', 1) }))
        .where('user_id', '=', me.user.id)
        .execute();
      await t.database.db
        .insertInto('credit_ledger')
        .values({
          id: randomUUID(),
          user_id: me.user.id,
          delta: -1,
          kind: 'spend',
          idempotency_key: `prediction:${id}`,
          balance_after: 0,
          created_at: createdAt.toISOString(),
        })
        .execute();
    };
    const stale = randomUUID();
    const fresh = randomUUID();
    await insert(stale, new Date(now.getTime() - 3_600_000));
    await insert(fresh, now);
    expect(await creditsOf(client)).toBe(3);

    const log = pino({ level: 'silent' });
    const queue = createInProcessQueue({ concurrency: 1, log });
    const told: string[] = [];
    const result = await recoverPredictions({
      db: t.database.db,
      queue,
      log,
      staleAfterMs: 600_000,
      onFailed: (predictionId) => {
        told.push(predictionId);
        return Promise.resolve();
      },
      now,
    });
    expect(result).toEqual({ resumed: 1, failed: 1 });
    // What it failed is settled as a job's failure is: an API expansion's webhook goes out.
    expect(told).toEqual([stale]);
    expect(queue.pending()).toBe(1);
    await queue.close();
    expect(await creditsOf(client)).toBe(4);
    const staleRow = (
      await client.get(`/api/replicate?endpoint=predictions/${stale}`)
    ).json<Prediction>();
    expect(staleRow.status).toBe('failed');
  });

  it('deletes the files, predictions and history of a deleted account', async () => {
    const { client } = await signUpVerified(t);
    const original = await upload(t, client, await photo('coffee.png', 40));
    const me = (await client.get('/api/me')).json<{ user: { id: string } }>();
    const folder = join(t.config.resizer.storage.dir, 'users', me.user.id);
    expect(existsSync(folder)).toBe(true);
    const response = await client.post('/api/account/delete', { password: PASSWORD });
    expect(response.statusCode, response.body).toBe(200);
    expect(existsSync(folder)).toBe(false);
    const uploads = await t.database.db
      .selectFrom('upload')
      .select('id')
      .where('id', '=', original.id)
      .execute();
    expect(uploads).toEqual([]);
  });
});
