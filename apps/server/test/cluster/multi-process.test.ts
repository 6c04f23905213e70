import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Prediction, UploadResponse } from '@reframe/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/platform/db/database';
import { runMigrations } from '../../src/platform/db/migrate';
import { startClusterProcess, type ClusterProcess } from '../helpers/cluster';
import { createPostgresDatabase } from '../helpers/database';
import { waitFor } from '../helpers/poll';
import { startS3Server, type TestS3Server } from '../helpers/s3-server';
import { HttpClient, signUpVerifiedOverHttp } from '../helpers/server-process';
import { photo } from '../resizer/images';
import { isSettled, multipartBody } from '../resizer/resizer-client';

/**
 * How long a worker may take to pick a job up: minutes, not the seconds it takes on a quiet
 * machine, since the suite must pass beside other work (issue 41).
 */
const BUSY_MACHINE_WAIT_MS = 240_000;

/**
 * Reframe beyond one machine: PostgreSQL, a local S3 server, 2 web and 2 worker processes, each
 * a real `src/main.ts`. Jobs are small so the whole file runs in about a minute.
 */
describe('2 web and 2 worker processes on PostgreSQL and S3', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'reframe-cluster-'));
  let postgres: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let database: Database;
  let s3: TestS3Server;
  let env: Record<string, string>;
  const processes: ClusterProcess[] = [];
  let killed: ClusterProcess | undefined;

  const start = async (role: 'web' | 'worker', extra: Record<string, string> = {}) => {
    const started = await startClusterProcess(role, { ...env, ...extra });
    processes.push(started);
    return started;
  };

  beforeAll(async () => {
    postgres = await createPostgresDatabase();
    database = openDatabase({ kind: 'postgres', url: postgres.url });
    await runMigrations(database);
    s3 = await startS3Server();
    env = {
      ...s3.env,
      DATABASE_URL: postgres.url,
      DATA_DIR: dataDir,
      AUTH_SECRET: 'cluster-test-secret-'.padEnd(40, 'x'),
      ENGINE_WORKERS: '1',
      // Long enough for the large first job on a busy machine; it is also the lease after which a
      // killed worker's job is taken again.
      JOB_TIMEOUT_SECONDS: '40',
      SHUTDOWN_GRACE_SECONDS: '2',
      MAX_ACTIVE_JOBS_PER_USER: '20',
      RATE_LIMIT_MAX_PER_IP: '10000',
      RATE_LIMIT_MAX_PER_ACCOUNT: '10000',
    };
  }, 120_000);

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.signal('SIGKILL')));
    await database.destroy();
    await postgres.drop();
    await s3.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Gives a user credits the way billing does: the balance and a ledger entry together. */
  async function grant(email: string, credits: number) {
    await database.db.transaction().execute(async (trx) => {
      const profile = await trx
        .updateTable('user_profile')
        .set((eb) => ({ credits: eb('credits', '+', credits) }))
        .where('email', '=', email)
        .returning(['user_id', 'credits'])
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('credit_ledger')
        .values({
          id: randomUUID(),
          user_id: profile.user_id,
          delta: credits,
          kind: 'grant',
          idempotency_key: `cluster-test:${randomUUID()}`,
          balance_after: profile.credits,
          created_at: new Date().toISOString(),
        })
        .execute();
    });
  }

  async function uploadVia(client: HttpClient, bytes: Uint8Array): Promise<string> {
    const { body, contentType } = multipartBody([
      { bytes, filename: 'photo.jpg', contentType: 'image/jpeg' },
    ]);
    const response = await client.request('POST', '/api/uploads', body, {
      'content-type': contentType,
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as UploadResponse).id;
  }

  async function predictVia(client: HttpClient, uploadId: string, ratio: string) {
    const response = await client.request('POST', '/api/replicate', {
      endpoint: 'predictions',
      data: { input: { upload_id: uploadId, aspect_ratio: ratio, regenerate: false } },
    });
    expect(response.status, await response.clone().text()).toBe(202);
    return ((await response.json()) as Prediction).id;
  }

  async function getVia(client: HttpClient, id: string) {
    const response = await client.request('GET', `/api/replicate?endpoint=predictions/${id}`);
    return { status: response.status, body: (await response.json()) as Prediction };
  }

  function untilSettled(clients: HttpClient[], ids: string[][]) {
    return waitFor(
      async () => {
        const all = await Promise.all(
          ids.flatMap((mine, user) => mine.map((id) => getVia(clients[user]!, id))),
        );
        return all.map(({ body }) => body);
      },
      {
        what: 'every prediction to settle',
        until: (predictions) => predictions.every(isSettled),
        timeoutMs: 180_000,
        intervalMs: 500,
      },
    );
  }

  async function ledgerAddsUp() {
    const rows = await sql<{ credits: number; total: string | null }>`
      select p.credits, (select sum(delta) from credit_ledger l where l.user_id = p.user_id) as total
      from user_profile p`.execute(database.db);
    for (const row of rows.rows) expect(row.credits).toBe(Number(row.total));
  }

  it(
    'settles every prediction exactly once when a worker is killed mid-job, and serves results to their owner through either web process',
    { timeout: 600_000 },
    async () => {
      const [web1, web2] = await Promise.all([start('web'), start('web')]);
      const workers = await Promise.all([start('worker'), start('worker')]);

      const users = ['a', 'b', 'c'].map(
        (name) => `${name}-${randomUUID().slice(0, 8)}@example.com`,
      );
      const clients: HttpClient[] = [];
      for (const email of users) {
        const client = new HttpClient(web1.base);
        await signUpVerifiedOverHttp(client, email);
        await grant(email, 10);
        clients.push(client);
      }
      const small = await photo('coffee.png', 96);
      const large = await photo('hubble_deep_field.jpg', 900);

      // The first job is larger, so it is surely still running when its worker is killed.
      const ids: string[][] = [[], [], []];
      const firstUpload = await uploadVia(clients[0]!, large);
      ids[0]!.push(await predictVia(clients[0]!, firstUpload, '21:9'));
      const ratios = ['16:9', '1:1', '4:5', '9:16', '3:2', '21:9', '2:3'];
      const uploads = await Promise.all(clients.map((client) => uploadVia(client, small)));
      for (let n = 1; n < 20; n++) {
        const user = n % 3;
        const via = n % 2 === 0 ? clients[user]! : clients[user]!.at(web2.base);
        ids[user]!.push(await predictVia(via, uploads[user]!, ratios[n % ratios.length]!));
      }

      const killedJob = ids[0]![0]!;
      const victim = await waitFor(
        () => workers.find((worker) => worker.started.includes(killedJob)),
        { what: `a worker to start ${killedJob}`, timeoutMs: BUSY_MACHINE_WAIT_MS, intervalMs: 20 },
      );
      killed = victim;
      await victim.signal('SIGKILL');
      const atKill = await database.db
        .selectFrom('prediction')
        .select(['status', 'attempts'])
        .where('id', '=', killedJob)
        .executeTakeFirstOrThrow();
      expect(atKill).toEqual({ status: 'processing', attempts: 1 });

      const settled = await untilSettled(clients, ids);
      expect(settled).toHaveLength(20);
      const retried = await database.db
        .selectFrom('prediction')
        .select('attempts')
        .where('id', '=', killedJob)
        .executeTakeFirstOrThrow();
      expect(retried.attempts).toBe(2);

      for (const [user, mine] of ids.entries()) {
        const owner = clients[user]!;
        const stranger = clients[(user + 1) % 3]!;
        for (const id of mine) {
          const prediction = (await getVia(owner, id)).body;
          const refunds = await database.db
            .selectFrom('credit_ledger')
            .select((eb) => eb.fn.countAll<string>().as('count'))
            .where('idempotency_key', 'like', `%prediction:${id}%`)
            .where('kind', '=', 'refund')
            .executeTakeFirstOrThrow();
          expect(Number(refunds.count)).toBe(prediction.status === 'failed' ? 1 : 0);
          for (const web of [web1, web2]) {
            expect((await getVia(owner.at(web.base), id)).status).toBe(200);
            expect((await getVia(stranger.at(web.base), id)).status).toBe(404);
            if (prediction.status !== 'succeeded') continue;
            const path = new URL(prediction.output!).pathname;
            const mineFile = await owner.at(web.base).request('GET', path);
            expect(mineFile.status).toBe(200);
            expect(mineFile.headers.get('content-type')).toBe('image/webp');
            expect((await stranger.at(web.base).request('GET', path)).status).toBe(404);
          }
        }
      }
      await ledgerAddsUp();
    },
  );

  it(
    'on SIGTERM a worker hands its running job back and exits, and a web process finishes its requests first',
    { timeout: 420_000 },
    async () => {
      const web = processes.find((p) => p.role === 'web')!;
      const survivor = processes.find((p) => p.role === 'worker' && p !== killed);
      const client = new HttpClient(web.base);
      const email = `term-${randomUUID().slice(0, 8)}@example.com`;
      await signUpVerifiedOverHttp(client, email);
      await grant(email, 10);
      const uploadId = await uploadVia(client, await photo('hubble_deep_field.jpg', 900));
      const ids = [await predictVia(client, uploadId, '21:9')];
      ids.push(await predictVia(client, uploadId, '16:9'));
      const workers = processes.filter((p) => p.role === 'worker' && p !== killed);
      const holder = await waitFor(
        () => workers.find((worker) => worker.started.includes(ids[0]!)),
        { what: `a worker to start ${ids[0]!}`, timeoutMs: BUSY_MACHINE_WAIT_MS, intervalMs: 20 },
      );
      expect(holder).toBe(survivor);
      const replacement = start('worker');
      expect(await holder.signal('SIGTERM')).toBe(0);
      await replacement;

      const poll = client.request('GET', `/api/replicate?endpoint=predictions/${ids[1]}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const webExit = web.signal('SIGTERM');
      expect((await poll).status).toBe(200);
      expect(await webExit).toBe(0);

      const other = processes.find((p) => p.role === 'web' && p !== web)!;
      const settled = await untilSettled([client.at(other.base)], [ids]);
      expect(settled.map((prediction) => prediction.status)).not.toContain('processing');
      const rows = await database.db
        .selectFrom('prediction')
        .select(['status'])
        .where('id', 'in', ids)
        .execute();
      expect(rows.every((row) => row.status === 'succeeded' || row.status === 'failed')).toBe(true);
      await ledgerAddsUp();
    },
  );
});
