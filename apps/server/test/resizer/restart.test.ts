import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Prediction, UploadResponse } from '@reframe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, testDatabaseKind } from '../helpers/database';
import { waitFor } from '../helpers/poll';
import { HttpClient, signUpVerifiedOverHttp, startServerProcess } from '../helpers/server-process';
import { freePort } from '../../../../scripts/free-port';
import { photo } from './images';
import { isSettled, multipartBody } from './resizer-client';

describe('a server killed with SIGKILL during a job', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'reframe-restart-'));
  let postgres: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let port = 0;

  let server: { kill(): Promise<void> } | undefined;
  const kill = () => server?.kill() ?? Promise.resolve();

  async function startServer(): Promise<void> {
    server = await startServerProcess(port, {
      DATA_DIR: dataDir,
      ENGINE_WORKERS: '1',
      // On PostgreSQL the killed job is retried once its lease (the job time-out) runs out; the
      // first job also warms the engine worker and the codecs from TypeScript sources.
      JOB_TIMEOUT_SECONDS: '30',
      ...(postgres ? { DATABASE_URL: postgres.url } : { DATABASE_URL: '' }),
    });
  }

  beforeAll(async () => {
    port = await freePort();
    if (testDatabaseKind() === 'postgres') postgres = await createPostgresDatabase();
  });
  afterAll(async () => {
    await kill();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('settles the job after a restart and the credits add up', { timeout: 400_000 }, async () => {
    await startServer();
    const base = `http://127.0.0.1:${port}`;
    const client = new HttpClient(base);
    await signUpVerifiedOverHttp(client, `restart-${Date.now()}@example.com`);

    const { body, contentType } = multipartBody([
      {
        bytes: await photo('hubble_deep_field.jpg', 300),
        filename: 'sky.jpg',
        contentType: 'image/jpeg',
      },
    ]);
    const uploaded = await client.request('POST', '/api/uploads', body, {
      'content-type': contentType,
    });
    expect(uploaded.status).toBe(201);
    const original = (await uploaded.json()) as UploadResponse;
    const accepted = await client.request('POST', '/api/replicate', {
      endpoint: 'predictions',
      data: { input: { upload_id: original.id, aspect_ratio: '21:9', regenerate: false } },
    });
    expect(accepted.status).toBe(202);
    const { id } = (await accepted.json()) as Prediction;
    // Killed the moment the prediction is accepted: its job is queued or running, never watched
    // for a state that only a slow enough engine would show.
    await kill();

    await startServer();
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
    expect(after).toMatchObject({ status: 'succeeded', error: null });
    const me = (await (await client.request('GET', '/api/me')).json()) as {
      settings: { credits: number; totalOperations: number };
    };
    expect(me.settings).toMatchObject({ credits: 4, totalOperations: 1 });
    const history = (await (await client.request('GET', '/api/history')).json()) as {
      items: { resizedImages: Record<string, string> }[];
    };
    expect(Object.keys(history.items[0]!.resizedImages)).toEqual(['21:9']);
  });
});
