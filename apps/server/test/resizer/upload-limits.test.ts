import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Prediction } from '@reframe/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from '../../src/adapters/storage/disk-storage';
import type { Storage } from '../../src/adapters/storage/storage';
import { signUpVerified } from '../helpers/accounts';
import type { TestClient } from '../helpers/client';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { photo } from './images';
import { pollUntilSettled, predictionBody, upload, uploadRaw } from './resizer-client';

async function userIdOf(client: TestClient): Promise<string> {
  return (await client.get('/api/me')).json<{ user: { id: string } }>().user.id;
}

function bytesUnder(dir: string): number {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + statSync(join(entry.parentPath, entry.name)).size, 0);
}

async function expectNothingStored(t: TestApp, client: TestClient) {
  const userId = await userIdOf(client);
  const rows = await t.database.db
    .selectFrom('upload')
    .select('id')
    .where('user_id', '=', userId)
    .execute();
  expect(rows).toEqual([]);
}

describe('upload quotas', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { UPLOADS_PER_HOUR: '2', STORAGE_QUOTA_MB: '1' } });
  });
  afterAll(() => t.close());

  it('refuses a third upload in the hour with 429, and counts each user on their own', async () => {
    const { client } = await signUpVerified(t);
    const image = await photo('coffee.png', 32);
    await upload(t, client, image);
    await upload(t, client, image);
    const refused = await uploadRaw(t, client, [{ bytes: image, filename: 'c.jpg' }]);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'UPLOAD_HOURLY_LIMIT',
      message:
        'Upload failed: You have uploaded the most images allowed in an hour. Please try again later.',
    });
    const other = await signUpVerified(t);
    await upload(t, other.client, image);
  });

  it('counts the bytes of originals and results stored for the user', async () => {
    const { client } = await signUpVerified(t);
    const original = await upload(t, client, await photo('coffee.png', 40));
    const started = await client.post('/api/replicate', predictionBody(original.id, '16:9'));
    expect(started.statusCode).toBe(202);
    const done = await pollUntilSettled(client, started.json<Prediction>().id);
    expect(done.status).toBe('succeeded');
    const userId = await userIdOf(client);
    const quota = await t.database.db
      .selectFrom('upload_quota')
      .select('stored_bytes')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const onDisk = bytesUnder(join(t.config.resizer.storage.dir, 'users', userId));
    expect(Number(quota.stored_bytes)).toBe(onDisk);
  });

  it('refuses uploads with 507 once the user has stored their quota', async () => {
    const { client } = await signUpVerified(t);
    await upload(t, client, await photo('coffee.png', 32));
    const userId = await userIdOf(client);
    await t.database.db
      .updateTable('upload_quota')
      .set({ stored_bytes: 1024 * 1024 })
      .where('user_id', '=', userId)
      .execute();
    const refused = await uploadRaw(t, client, [{ bytes: await photo(), filename: 'b.jpg' }]);
    expect(refused.statusCode).toBe(507);
    expect(refused.json()).toEqual({
      code: 'STORAGE_QUOTA_EXCEEDED',
      message: 'Upload failed: Your account has used all of its storage space',
    });
  });
});

const diskFull = {
  code: 'DISK_FULL',
  message: 'Upload failed: The server is out of storage space. Please try again later.',
};

describe('a server short of disk space', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('refuses uploads with 507 below the free-disk floor, storing nothing', async () => {
    t = await createTestApp({ env: { DISK_FREE_FLOOR_MB: String(1024 ** 3) } });
    const { client } = await signUpVerified(t);
    const refused = await uploadRaw(t, client, [{ bytes: await photo(), filename: 'a.jpg' }]);
    expect(refused.statusCode).toBe(507);
    expect(refused.json()).toEqual(diskFull);
    await expectNothingStored(t, client);
  });

  it('answers 507 when the disk fills up during the write (ENOSPC), storing nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'reframe-full-'));
    const full: Storage = {
      ...createDiskStorage(dir),
      create: () =>
        Promise.reject(Object.assign(new Error('no space left on device'), { code: 'ENOSPC' })),
    };
    t = await createTestApp({ resizer: { storage: full } });
    const { client } = await signUpVerified(t);
    const refused = await uploadRaw(t, client, [{ bytes: await photo(), filename: 'a.jpg' }]);
    expect(refused.statusCode).toBe(507);
    expect(refused.json()).toEqual(diskFull);
    await expectNothingStored(t, client);
    expect(readdirSync(dir)).toEqual([]);
    rmSync(dir, { recursive: true, force: true });
  });
});
