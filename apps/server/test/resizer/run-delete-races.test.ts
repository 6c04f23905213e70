import { randomUUID } from 'node:crypto';
import type { HistoryPage, Prediction } from '@reframe/shared';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from '../../src/adapters/storage/disk-storage';
import { createS3Storage } from '../../src/adapters/storage/s3-storage';
import type { Storage } from '../../src/adapters/storage/storage';
import { grantCredits } from '../../src/credits/credits.service';
import { withThumbnails } from '../../src/resizer/files/storage-keys';
import { repairStoredBytes } from '../../src/resizer/uploads/stored-bytes-repair';
import { signUpVerified } from '../helpers/accounts';
import type { TestClient } from '../helpers/client';
import { S3_TEST_CREDENTIALS, startS3Server, type TestS3Server } from '../helpers/s3-server';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { drawnPhoto } from './images';
import { creditsOf, pollUntilSettled, predictionBody, upload } from './resizer-client';

async function userIdOf(client: TestClient): Promise<string> {
  return (await client.get('/api/me')).json<{ user: { id: string } }>().user.id;
}

async function storedBytes(t: TestApp, userId: string): Promise<number> {
  const row = await t.database.db
    .selectFrom('upload_quota')
    .select('stored_bytes')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.stored_bytes ?? 0);
}

/** A finished run: an upload and one settled result; returns the upload and its history id. */
async function finishedRun(t: TestApp, client: TestClient, ratio = '16:9') {
  const original = await upload(t, client, await drawnPhoto());
  const started = await client.post('/api/replicate', predictionBody(original.id, ratio));
  expect(started.statusCode, started.body).toBe(202);
  const done = await pollUntilSettled(client, started.json<Prediction>().id);
  expect(done.status).toBe('succeeded');
  const page = (await client.get('/api/history')).json<HistoryPage>();
  const item = page.items.find((entry) => entry.uploadId === original.id);
  expect(item).toBeDefined();
  return { uploadId: original.id, historyId: item!.id };
}

/**
 * The bytes of every object a run holds (its original and results, and their thumbnails), as the
 * storage holds them.
 */
async function runBytes(t: TestApp, storage: Storage, uploadId: string): Promise<number> {
  const upload = await t.database.db
    .selectFrom('upload')
    .select('storage_key')
    .where('id', '=', uploadId)
    .executeTakeFirstOrThrow();
  const outputs = await t.database.db
    .selectFrom('prediction')
    .select('output_key')
    .where('upload_id', '=', uploadId)
    .execute();
  const files = new Set([upload.storage_key, ...outputs.flatMap((p) => p.output_key ?? [])]);
  const keys = [...files].flatMap(withThumbnails);
  let total = 0;
  for (const key of keys) total += (await storage.read(key))?.byteLength ?? 0;
  return total;
}

const backends = ['disk', 's3'] as const;

describe.each(backends)('deleting a run on %s storage', (backend) => {
  let t: TestApp;
  let s3: TestS3Server | undefined;
  let storage: Storage;
  beforeAll(async () => {
    if (backend === 's3') {
      Object.assign(process.env, S3_TEST_CREDENTIALS);
      s3 = await startS3Server();
    }
    t = await createTestApp({ env: { STORAGE_QUOTA_MB: '1', ...s3?.env } });
    storage = s3
      ? createS3Storage({
          bucket: s3.bucket,
          region: 'us-east-1',
          endpoint: s3.endpoint,
          forcePathStyle: true,
        })
      : createDiskStorage(t.config.resizer.storage.dir);
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  it('answers one of 30 parallel deletes with 204 and the rest 404, giving its bytes back once', async () => {
    const { client } = await signUpVerified(t);
    const userId = await userIdOf(client);
    const kept = await finishedRun(t, client);
    const doomed = await finishedRun(t, client);
    const before = await storedBytes(t, userId);
    const doomedBytes = await runBytes(t, storage, doomed.uploadId);
    expect(doomedBytes).toBeGreaterThan(0);

    const answers = await Promise.all(
      Array.from({ length: 30 }, () => client.delete(`/api/history/${doomed.historyId}`)),
    );

    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([204, ...Array<number>(29).fill(404)]);
    expect(await storedBytes(t, userId)).toBe(before - doomedBytes);
    expect(await storedBytes(t, userId)).toBe(await runBytes(t, storage, kept.uploadId));
    expect((await client.get('/api/health')).statusCode).toBe(200);
    expect((await client.get(`/api/history/${kept.historyId}`)).statusCode).toBe(200);
  });

  it('never takes the stored-bytes counter below zero', async () => {
    const { client } = await signUpVerified(t);
    const userId = await userIdOf(client);
    const run = await finishedRun(t, client);
    await t.database.db
      .updateTable('upload_quota')
      .set({ stored_bytes: 10 })
      .where('user_id', '=', userId)
      .execute();

    expect((await client.delete(`/api/history/${run.historyId}`)).statusCode).toBe(204);

    expect(await storedBytes(t, userId)).toBe(0);
  });

  it('recomputes a drifted counter from the stored rows', async () => {
    const { client } = await signUpVerified(t);
    const userId = await userIdOf(client);
    const run = await finishedRun(t, client);
    await t.database.db
      .updateTable('upload_quota')
      .set({ stored_bytes: 987_654_321 })
      .where('user_id', '=', userId)
      .execute();

    await repairStoredBytes({ db: t.database.db, storage, log: pino({ level: 'silent' }) });

    expect(await storedBytes(t, userId)).toBe(await runBytes(t, storage, run.uploadId));
  });

  it('lets a delete and a new prediction of the run never both win, and loses no credit', async () => {
    const { client } = await signUpVerified(t);
    const userId = await userIdOf(client);
    await grantCredits(t.database.db, {
      userId,
      key: `test:${randomUUID()}`,
      amount: 20,
      kind: 'purchase',
      now: new Date(),
    });
    for (let round = 0; round < 3; round++) {
      const run = await finishedRun(t, client);
      const creditsBefore = await creditsOf(client);

      const [deleted, created] = await Promise.all([
        client.delete(`/api/history/${run.historyId}`),
        client.post('/api/replicate', predictionBody(run.uploadId, '1:1')),
      ]);

      if (created.statusCode === 202) {
        expect(deleted.statusCode).toBe(409);
        const settled = await pollUntilSettled(client, created.json<Prediction>().id);
        expect(settled.status).toBe('succeeded');
        expect(await creditsOf(client)).toBe(creditsBefore - 1);
      } else {
        expect(deleted.statusCode).toBe(204);
        expect(created.statusCode).toBe(404);
        expect(await creditsOf(client)).toBe(creditsBefore);
      }
    }
  });
});

describe('results and the storage quota', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { STORAGE_QUOTA_MB: '1' } });
  });
  afterAll(() => t.close());

  it('refuses a prediction or a run for a user over quota with 507, spending nothing', async () => {
    const { client } = await signUpVerified(t);
    const userId = await userIdOf(client);
    const original = await upload(t, client, await drawnPhoto());
    await t.database.db
      .updateTable('upload_quota')
      .set({ stored_bytes: 1024 * 1024 })
      .where('user_id', '=', userId)
      .execute();
    const credits = await creditsOf(client);
    const quotaError = {
      code: 'STORAGE_QUOTA_EXCEEDED',
      message: 'Upload failed: Your account has used all of its storage space',
    };

    const single = await client.post('/api/replicate', predictionBody(original.id, '16:9'));
    const run = await client.post('/api/runs', {
      upload_ids: [original.id],
      outputs: [{ aspect_ratio: '16:9' }],
    });

    expect(single.statusCode).toBe(507);
    expect(single.json()).toEqual(quotaError);
    expect(run.statusCode).toBe(507);
    expect(run.json()).toEqual(quotaError);
    expect(await creditsOf(client)).toBe(credits);
    const predictions = await t.database.db
      .selectFrom('prediction')
      .select('id')
      .where('user_id', '=', userId)
      .execute();
    expect(predictions).toEqual([]);
  });
});
