/**
 * Reframe as a cluster on this machine: PostgreSQL, a local S3 server (s3rver), one web process
 * and one or two worker processes (ENGINE_WORKERS=1 each), all real `src/main.ts` processes.
 * Prints, for 1 and 2 workers: predictions per minute (a 2 MP photo to 16:9), queue wait p50/p95
 * and end-to-end p95; then the wait of an Expert's job submitted behind 20 queued Free jobs.
 * Needs PostgreSQL on 127.0.0.1:5432. Usage: npm run bench:cluster
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixtureImage } from '@reframe/fixtures';
import type { Prediction, UploadResponse } from '@reframe/shared';
import sharp from 'sharp';
import { toIsoString } from '../src/platform/db/column-types';
import { openDatabase } from '../src/platform/db/database';
import { runMigrations } from '../src/platform/db/migrate';
import { startClusterProcess, type ClusterProcess } from '../test/helpers/cluster';
import { createPostgresDatabase } from '../test/helpers/database';
import { startS3Server } from '../test/helpers/s3-server';
import { HttpClient, signUpVerifiedOverHttp } from '../test/helpers/server-process';
import { multipartBody } from '../test/resizer/resizer-client';

const JOBS = 12;
const BACKLOG = 20;
const PHOTO = fixtureImage('hubble_deep_field.jpg');

const dataDir = mkdtempSync(join(tmpdir(), 'reframe-bench-cluster-'));
const postgres = await createPostgresDatabase();
const database = openDatabase({ kind: 'postgres', url: postgres.url });
await runMigrations(database);
const s3 = await startS3Server();
const env = {
  ...s3.env,
  DATABASE_URL: postgres.url,
  DATA_DIR: dataDir,
  AUTH_SECRET: randomUUID() + randomUUID(),
  ENGINE_WORKERS: '1',
  MAX_ACTIVE_JOBS_PER_USER: '50',
  RATE_LIMIT_MAX_PER_IP: '10000',
  RATE_LIMIT_MAX_PER_ACCOUNT: '10000',
};
const processes: ClusterProcess[] = [];

// A 2 MP photo (1732 x 1155), as a JPEG.
const twoMegapixels = new Uint8Array(
  await sharp(await readFile(PHOTO))
    .resize(1732, 1155, { fit: 'cover' })
    .jpeg({ quality: 90 })
    .toBuffer(),
);

async function signedUpUser(web: ClusterProcess, plan: 'free' | 'expert') {
  const client = new HttpClient(web.base);
  const email = `bench-${randomUUID().slice(0, 8)}@example.com`;
  await signUpVerifiedOverHttp(client, email);
  const profile = await database.db
    .updateTable('user_profile')
    .set({ credits: 1000 })
    .where('email', '=', email)
    .returning('user_id')
    .executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  await database.db
    .insertInto('billing_account')
    .values({
      user_id: profile.user_id,
      plan_id: plan,
      cancel_at_period_end: 0,
      period_start: now,
      period_end: now,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ plan_id: plan }))
    .execute();
  const { body, contentType } = multipartBody([
    { bytes: twoMegapixels, filename: 'photo.jpg', contentType: 'image/jpeg' },
  ]);
  const uploaded = await client.request('POST', '/api/uploads', body, {
    'content-type': contentType,
  });
  if (uploaded.status !== 201) throw new Error(`upload failed: ${uploaded.status}`);
  return { client, uploadId: ((await uploaded.json()) as UploadResponse).id };
}

async function submit(user: { client: HttpClient; uploadId: string }): Promise<string> {
  const response = await user.client.request('POST', '/api/replicate', {
    endpoint: 'predictions',
    data: { input: { upload_id: user.uploadId, aspect_ratio: '16:9', regenerate: false } },
  });
  if (response.status !== 202) throw new Error(`prediction refused: ${response.status}`);
  return ((await response.json()) as Prediction).id;
}

const ms = (value: string | Date | null) => new Date(toIsoString(value!)).getTime();

async function rowsOf(ids: string[]) {
  return database.db
    .selectFrom('prediction')
    .select(['id', 'status', 'created_at', 'started_at', 'settled_at'])
    .where('id', 'in', ids)
    .execute();
}

async function until(check: () => Promise<boolean>, timeoutMs = 600_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the bench timed out');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

async function startWorkers(count: number) {
  return Promise.all(Array.from({ length: count }, () => startClusterProcess('worker', env)));
}

async function stopAll(workers: ClusterProcess[]) {
  await Promise.all(workers.map((worker) => worker.signal('SIGTERM')));
}

const rows: string[][] = [];
try {
  const web = await startClusterProcess('web', env);
  processes.push(web);
  const users = await Promise.all([0, 1, 2].map(() => signedUpUser(web, 'free')));

  for (const count of [1, 2]) {
    const workers = await startWorkers(count);
    processes.push(...workers);
    const ids: string[] = [];
    for (let n = 0; n < JOBS; n++) ids.push(await submit(users[n % users.length]!));
    await until(async () =>
      (await rowsOf(ids)).every((row) => row.status === 'succeeded' || row.status === 'failed'),
    );
    const done = await rowsOf(ids);
    const waits = done.map((row) => ms(row.started_at) - ms(row.created_at));
    const totals = done.map((row) => ms(row.settled_at) - ms(row.created_at));
    const spanMs =
      Math.max(...done.map((row) => ms(row.settled_at))) -
      Math.min(...done.map((row) => ms(row.created_at)));
    const failed = done.filter((row) => row.status === 'failed').length;
    rows.push([
      `${count} worker${count > 1 ? 's' : ''}`,
      ((JOBS / spanMs) * 60_000).toFixed(1),
      String(percentile(waits, 50)),
      String(percentile(waits, 95)),
      String(percentile(totals, 95)),
      String(failed),
    ]);
    await stopAll(workers);
  }

  const workers = await startWorkers(2);
  processes.push(...workers);
  const free = users[0]!;
  const expert = await signedUpUser(web, 'expert');
  const backlog: string[] = [];
  for (let n = 0; n < BACKLOG; n++) backlog.push(await submit(free));
  const expertId = await submit(expert);
  await until(async () => (await rowsOf([expertId]))[0]!.started_at !== null);
  const [expertRow] = await rowsOf([expertId]);
  const freeRows = await rowsOf(backlog);
  const startedBefore = freeRows.filter(
    (row) => row.started_at !== null && ms(row.started_at) < ms(expertRow!.started_at),
  ).length;
  await stopAll(workers);

  const header = [
    'workers',
    'predictions/min',
    'wait p50 ms',
    'wait p95 ms',
    'e2e p95 ms',
    'failed',
  ];
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padStart(widths[i]!)).join('  ');
  console.log(`\n${JOBS} predictions of a 2 MP photo to 16:9 from 3 users, ENGINE_WORKERS=1 each`);
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  console.log(
    `\nExpert job submitted behind ${BACKLOG} queued Free jobs (2 workers): waited ${
      ms(expertRow!.started_at) - ms(expertRow!.created_at)
    } ms; ${startedBefore} of the Free jobs started before it (those already running or taken when it arrived).`,
  );
} finally {
  await Promise.all(processes.map((p) => p.signal('SIGKILL')));
  await database.destroy();
  await postgres.drop();
  await s3.close();
  rmSync(dataDir, { recursive: true, force: true });
}
