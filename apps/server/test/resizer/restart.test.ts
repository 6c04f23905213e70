import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DevMailMessage, Prediction, UploadResponse } from '@reframe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, testDatabaseKind } from '../helpers/database';
import { photo } from './images';
import { multipartBody } from './resizer-client';

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
const SERVER_ROOT = fileURLToPath(new URL('../../', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A browser against a real listening server: cookies kept, our Origin sent. */
class HttpClient {
  private cookie = '';
  constructor(readonly base: string) {}

  async request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const isBuffer = body instanceof Buffer;
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        origin: this.base,
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(body !== undefined && !isBuffer ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { body: isBuffer ? body : JSON.stringify(body) }),
      redirect: 'manual',
    });
    const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0]!);
    if (cookies.length > 0) {
      const jar = new Map(
        this.cookie ? this.cookie.split('; ').map((c) => c.split('=') as [string, string]) : [],
      );
      for (const c of cookies) {
        const [name, ...value] = c.split('=');
        jar.set(name!, value.join('='));
      }
      this.cookie = [...jar].map(([n, v]) => `${n}=${v}`).join('; ');
    }
    return response;
  }
}

describe('a server killed with SIGKILL during a job', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'reframe-restart-'));
  let postgres: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let child: ChildProcess | undefined;
  let port = 0;

  async function startServer(): Promise<void> {
    child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      cwd: SERVER_ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'warn',
        ENGINE_WORKERS: '1',
        ...(postgres ? { DATABASE_URL: postgres.url } : { DATABASE_URL: '' }),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('the server did not start');
  }

  function kill(): Promise<void> {
    const running = child;
    if (!running || running.exitCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGKILL');
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
    const email = `restart-${Date.now()}@example.com`;
    await client.request('POST', '/api/auth/sign-up/email', {
      name: 'R',
      email,
      password: 'correct-horse-1',
    });
    const mails = (await (await client.request('GET', '/api/dev/mail')).json()) as DevMailMessage[];
    const link = /https?:\/\/\S+/.exec(mails.find((m) => m.to === email)!.text)![0];
    const token = new URL(link).searchParams.get('oobCode');
    await client.request('GET', `/api/auth/verify-email?token=${token}`);

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

    let before: Prediction | undefined;
    for (let i = 0; i < 100; i++) {
      before = (await (
        await client.request('GET', `/api/replicate?endpoint=predictions/${id}`)
      ).json()) as Prediction;
      if (before.status !== 'starting') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(before?.status).toBe('processing');
    await kill();

    await startServer();
    let after: Prediction | undefined;
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      after = (await (
        await client.request('GET', `/api/replicate?endpoint=predictions/${id}`)
      ).json()) as Prediction;
      if (after.status === 'succeeded' || after.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(after?.status).toBe('succeeded');
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
