import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { Prediction } from '@reframe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from '../../src/adapters/storage/s3-storage';
import type { Storage } from '../../src/adapters/storage/storage';
import { PASSWORD, signUpVerified } from '../helpers/accounts';
import { S3_TEST_CREDENTIALS, startS3Server, type TestS3Server } from '../helpers/s3-server';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { photo } from '../resizer/images';
import { pathOf, pollUntilSettled, predictionBody, upload } from '../resizer/resizer-client';

let s3: TestS3Server;
beforeAll(async () => {
  // The SDK's standard credential chain, as in production: here, s3rver's fixed keys.
  Object.assign(process.env, S3_TEST_CREDENTIALS);
  s3 = await startS3Server();
});
afterAll(() => s3.close());

const storageOn = (server: TestS3Server): Storage =>
  createS3Storage({
    bucket: server.bucket,
    region: 'us-east-1',
    endpoint: server.endpoint,
    forcePathStyle: true,
  });

async function keysUnder(prefix: string): Promise<string[]> {
  const client = new S3Client({
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
  });
  const page = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
  client.destroy();
  return (page.Contents ?? []).map((object) => object.Key!);
}

describe('S3 storage against a local S3 server', () => {
  it('writes an object once, reads and streams it, and deletes it', async () => {
    const storage = storageOn(s3);
    const bytes = new Uint8Array([1, 2, 3, 4, 5]);
    expect(await storage.create('users/a/original/1', bytes)).toBe(true);
    expect(await storage.create('users/a/original/1', new Uint8Array([9]))).toBe(false);
    expect(await storage.read('users/a/original/1')).toEqual(bytes);
    const opened = await storage.open('users/a/original/1');
    expect(opened?.size).toBe(5);
    const chunks: Buffer[] = [];
    for await (const chunk of opened!.stream) chunks.push(chunk as Buffer);
    expect(new Uint8Array(Buffer.concat(chunks))).toEqual(bytes);
    await storage.delete('users/a/original/1');
    expect(await storage.read('users/a/original/1')).toBeNull();
    expect(await storage.open('users/a/original/1')).toBeNull();
  });

  it('refuses keys that climb out of their folder', async () => {
    const storage = storageOn(s3);
    expect(await storage.read('users/../secret')).toBeNull();
    await expect(storage.create('users/../secret', new Uint8Array([1]))).rejects.toThrow(
      /Invalid storage key/,
    );
  });

  it("deletes one user's folder and nothing else", async () => {
    const storage = storageOn(s3);
    for (let i = 0; i < 3; i++) await storage.create(`users/b/resized/${i}`, new Uint8Array([i]));
    await storage.create('users/bb/original/1', new Uint8Array([7]));
    await storage.deletePrefix('users/b/');
    expect(await keysUnder('users/b/')).toEqual([]);
    expect(await keysUnder('users/bb/')).toEqual(['users/bb/original/1']);
  });
});

describe('the app with STORAGE_DRIVER=s3', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: s3.env });
  });
  afterAll(() => t.close());

  it('stores originals and results in the bucket, serves them to their owner only, and deletes them with the account', async () => {
    const { client } = await signUpVerified(t);
    const { client: other } = await signUpVerified(t);
    const me = (await client.get('/api/me')).json<{ user: { id: string } }>();
    const original = await upload(t, client, await photo('coffee.png', 64));
    const created = await client.post('/api/replicate', predictionBody(original.id, '16:9'));
    expect(created.statusCode, created.body).toBe(202);
    const settled: Prediction = await pollUntilSettled(client, created.json<Prediction>().id);
    expect(settled.status).toBe('succeeded');

    const keys = await keysUnder(`users/${me.user.id}/`);
    expect(keys.some((key) => key.includes('/original/'))).toBe(true);
    expect(keys.some((key) => key.includes('/resized/'))).toBe(true);

    const mine = await client.get(pathOf(settled.output!));
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/webp');
    expect(mine.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect((await other.get(pathOf(settled.output!))).statusCode).toBe(404);

    const deleted = await client.post('/api/account/delete', { password: PASSWORD });
    expect(deleted.statusCode).toBe(200);
    expect(await keysUnder(`users/${me.user.id}/`)).toEqual([]);
  });
});
