import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Prediction, UploadResponse } from '@reframe/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, testDatabaseKind } from '../helpers/database';
import { waitFor } from '../helpers/poll';
import { HttpClient, signUpVerifiedOverHttp, startServerProcess } from '../helpers/server-process';
import { freePort } from '../../../../scripts/free-port';
import { isSettled, multipartBody } from '../resizer/resizer-client';
import { startFakeReplicate, type FakeReplicate } from '../helpers/fake-replicate-server';
import { replicateEnv, TOKEN } from './replicate-harness';

describe('a server killed while Replicate runs its prediction', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'reframe-replicate-restart-'));
  let postgres: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let fake: FakeReplicate;
  let server: { kill(): Promise<void> } | undefined;
  let port = 0;

  const start = async () => {
    server = await startServerProcess(port, {
      ...replicateEnv(fake),
      // On PostgreSQL the killed job is retried once its lease (the job time-out) runs out.
      JOB_TIMEOUT_SECONDS: '30',
      DATA_DIR: dataDir,
      ...(postgres ? { DATABASE_URL: postgres.url } : { DATABASE_URL: '' }),
    });
  };

  beforeAll(async () => {
    port = await freePort();
    fake = await startFakeReplicate({ token: TOKEN });
    if (testDatabaseKind() === 'postgres') postgres = await createPostgresDatabase();
  });
  afterAll(async () => {
    await server?.kill();
    await fake.close();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'adopts the remote prediction after the restart instead of creating another, and deletes its input file',
    { timeout: 300_000 },
    async () => {
      fake.plan('stall');
      await start();
      const client = new HttpClient(`http://127.0.0.1:${port}`);
      await signUpVerifiedOverHttp(client, `replicate-restart-${Date.now()}@example.com`);
      // Noise does not compress: its canvas goes through the files API (over 1 MB).
      const noise = await sharp(randomBytes(700 * 520 * 3), {
        raw: { width: 700, height: 520, channels: 3 },
      })
        .png()
        .toBuffer();
      const { body, contentType } = multipartBody([
        { bytes: new Uint8Array(noise), filename: 'noise.png', contentType: 'image/png' },
      ]);
      const uploaded = await client.request('POST', '/api/uploads', body, {
        'content-type': contentType,
      });
      const original = (await uploaded.json()) as UploadResponse;
      const accepted = await client.request('POST', '/api/replicate', {
        endpoint: 'predictions',
        data: { input: { upload_id: original.id, aspect_ratio: '16:9', regenerate: false } },
      });
      expect(accepted.status).toBe(202);
      const { id } = (await accepted.json()) as Prediction;

      // The job polls only once it has saved the remote id; then the server dies mid-wait.
      const remoteId = await waitFor(
        () =>
          fake.calls
            .find((c) => c.method === 'GET')
            ?.path.split('/')
            .pop(),
        { what: 'the job to poll Replicate', timeoutMs: 30_000, intervalMs: 50 },
      );
      await server!.kill();
      await fake.finish(remoteId);

      await start();
      const after = await waitFor(
        async () =>
          (await (
            await client.request('GET', `/api/replicate?endpoint=predictions/${id}`)
          ).json()) as Prediction,
        {
          what: `prediction ${id} to settle after the restart`,
          until: isSettled,
          timeoutMs: 120_000,
          intervalMs: 250,
        },
      );
      expect(after).toMatchObject({ status: 'succeeded', provider: 'replicate', fallback: false });
      expect(
        fake.calls.filter((c) => c.method === 'POST' && c.path === '/v1/predictions'),
      ).toHaveLength(1);
      expect(fake.calls.filter((c) => c.path.endsWith('/cancel'))).toHaveLength(0);
      const uploadedFiles = fake.calls.filter((c) => c.method === 'POST' && c.path === '/v1/files');
      expect(uploadedFiles).toHaveLength(1);
      expect(fake.files.size).toBe(0);
      expect(fake.deletedFiles.size).toBe(1);
      const me = (await (await client.request('GET', '/api/me')).json()) as {
        settings: { credits: number };
      };
      expect(me.settings.credits).toBe(4);
    },
  );
});
