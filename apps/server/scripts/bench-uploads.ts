/**
 * API latency while hostile uploads are taken in: four 50 MP uploads (two 1-bit BMPs, two PNGs)
 * are sent at once over real HTTP while `GET /api/health` and a history read are probed every
 * 50 ms. Prints a table of probe latencies, idle and during the uploads, and the upload results.
 * Usage: npm run bench:uploads
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { createOutboxMailer } from '../src/adapters/mail/outbox-mailer';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import { openDatabase } from '../src/db/database';
import { runMigrations } from '../src/db/migrate';
import { hostileBmp, hostilePng } from '../test/resizer/hostile-images';

const dataDir = mkdtempSync(join(tmpdir(), 'reframe-bench-'));
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }, dataDir);
const logger = pino({ level: 'silent' });
const database = openDatabase(config.db);
await runMigrations(database);
const mailer = createOutboxMailer(logger);
const app = await buildApp({
  config,
  database,
  mailer,
  logger,
  authSecret: 'bench-secret-0123456789abcdef0123456789',
  webDistDir: join(dataDir, 'no-web'),
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const origin = config.server.appUrl;

async function signUp(): Promise<string> {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench', email, password: 'bench-pass-1' }),
  });
  await signUp.text();
  const mail = mailer.sent?.().find((m) => m.to === email);
  const link = new URL(/https?:\/\/\S+/.exec(mail?.text ?? '')?.[0] ?? '');
  const token = link.searchParams.get('oobCode') ?? '';
  const verify = await fetch(`${base}/api/auth/verify-email?token=${token}`, {
    headers: { origin },
    redirect: 'manual',
  });
  await verify.text();
  return verify.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

const attacker = await signUp();
const reader = await signUp();

async function probe(): Promise<{ health: number; history: number }> {
  const timed = async (path: string, cookie?: string) => {
    const started = performance.now();
    const response = await fetch(`${base}${path}`, { headers: cookie ? { cookie } : {} });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return performance.now() - started;
  };
  const [health, history] = await Promise.all([
    timed('/api/health'),
    timed('/api/history', reader),
  ]);
  return { health, history };
}

async function probeWhile(busy: () => boolean) {
  const samples: { health: number; history: number }[] = [];
  do {
    samples.push(await probe());
    await new Promise((resolve) => setTimeout(resolve, 50));
  } while (busy());
  return samples;
}

function summary(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!);
  return `${String(at(0.5)).padStart(6)} ${String(at(0.95)).padStart(6)} ${String(Math.round(sorted.at(-1)!)).padStart(6)}`;
}

function upload(bytes: Uint8Array, filename: string, type: string) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), filename);
  const started = performance.now();
  return fetch(`${base}/api/uploads`, {
    method: 'POST',
    headers: { origin, cookie: attacker },
    body: form,
  }).then(async (response) => ({
    filename,
    status: response.status,
    body: await response.text(),
    ms: performance.now() - started,
  }));
}

const bmp = hostileBmp();
const png = await hostilePng();
let idleLeft = 20;
const idle = await probeWhile(() => --idleLeft > 0);
let pending = 4;
const started = performance.now();
const uploads = [
  [bmp, 'big-1.bmp', 'image/bmp'],
  [png, 'big-1.png', 'image/png'],
  [bmp, 'big-2.bmp', 'image/bmp'],
  [png, 'big-2.png', 'image/png'],
].map(([bytes, name, type]) =>
  upload(bytes as Uint8Array, name as string, type as string).finally(() => (pending -= 1)),
);
const busy = await probeWhile(() => pending > 0);
const results = await Promise.all(uploads);
const totalMs = performance.now() - started;

console.log(
  'latency (ms)              probes  health p50    p95    max | history p50    p95    max',
);
for (const [label, samples] of [
  ['idle', idle],
  ['during 4 hostile uploads', busy],
] as const) {
  console.log(
    `${label.padEnd(25)} ${String(samples.length).padStart(6)}      ${summary(samples.map((s) => s.health))} |      ${summary(samples.map((s) => s.history))}`,
  );
}
for (const result of results) {
  console.log(`${result.filename.padEnd(10)} ${result.status} in ${Math.round(result.ms)} ms`);
}
console.log(`all four uploads settled in ${Math.round(totalMs)} ms`);

await app.close();
await mailer.close();
await database.destroy();
rmSync(dataDir, { recursive: true, force: true });
