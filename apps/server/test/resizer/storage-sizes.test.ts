import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from '../../src/adapters/storage/disk-storage';
import { createS3Storage } from '../../src/adapters/storage/s3-storage';
import type { Storage } from '../../src/adapters/storage/storage';
import { S3_TEST_CREDENTIALS, startS3Server, type TestS3Server } from '../helpers/s3-server';

describe.each(['disk', 's3'] as const)('%s storage: sizes and streams', (backend) => {
  let storage: Storage;
  let s3: TestS3Server | undefined;
  let dir: string | undefined;
  beforeAll(async () => {
    if (backend === 's3') {
      Object.assign(process.env, S3_TEST_CREDENTIALS);
      s3 = await startS3Server();
      storage = createS3Storage({
        bucket: s3.bucket,
        region: 'us-east-1',
        endpoint: s3.endpoint,
        forcePathStyle: true,
      });
    } else {
      dir = mkdtempSync(join(tmpdir(), 'reframe-sizes-'));
      storage = createDiskStorage(dir);
    }
  });
  afterAll(async () => {
    await s3?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('sizes an object without opening it, and a missing one as null', async () => {
    await storage.create('users/a/original/1', new Uint8Array(1234));
    expect(await storage.size('users/a/original/1')).toBe(1234);
    expect(await storage.size('users/a/original/2')).toBeNull();
    expect(await storage.size('users/../secret')).toBeNull();
  });

  it('opens a stream that already has an error handler, and a missing object as null', async () => {
    await storage.create('users/a/original/3', new Uint8Array([1, 2, 3]));
    const opened = await storage.open('users/a/original/3');
    expect(opened?.size).toBe(3);
    expect(opened!.stream.listenerCount('error')).toBeGreaterThan(0);
    opened!.stream.destroy();
    expect(await storage.open('users/a/original/4')).toBeNull();
  });
});
