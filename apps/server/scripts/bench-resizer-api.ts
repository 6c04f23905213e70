/**
 * Server-side time of the resizer flow, without a browser: upload a 2 MP photo, then three
 * ratios one after another (as the client runs them), polling every 100 ms. Prints
 * upload-to-last-result time. Usage: node --import tsx apps/server/scripts/bench-resizer-api.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixtureImage } from '@reframe/fixtures';
import type { Prediction, UploadResponse } from '@reframe/shared';
import pino from 'pino';
import sharp from 'sharp';
import { createOutboxMailer } from '../src/adapters/mail/outbox-mailer';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import { openDatabase } from '../src/db/database';
import { runMigrations } from '../src/db/migrate';

const APP_URL = 'http://localhost:3000';
const RATIOS = ['16:9', '1:1', '9:16'];
const PHOTO = fixtureImage('hubble_deep_field.jpg');

const dataDir = mkdtempSync(join(tmpdir(), 'reframe-bench-'));
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, APP_URL }, dataDir);
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
await app.ready();

let cookie = '';
async function call(method: 'GET' | 'POST', url: string, body?: unknown, type?: string) {
  const response = await app.inject({
    method,
    url,
    headers: {
      origin: APP_URL,
      cookie,
      ...(body === undefined ? {} : { 'content-type': type ?? 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: type ? (body as Buffer) : JSON.stringify(body) }),
  });
  const set = response.cookies.map((c) => `${c.name}=${c.value}`);
  if (set.length > 0) cookie = set.join('; ');
  return response;
}

const email = `bench-${Date.now()}@example.com`;
await call('POST', '/api/auth/sign-up/email', { name: 'Bench', email, password: 'bench-pass-1' });
const link = /https?:\/\/\S+/.exec(mailer.sent?.()[0]?.text ?? '')?.[0] ?? '';
await call('GET', `/api/auth/verify-email?token=${new URL(link).searchParams.get('oobCode')}`);

const photo = await sharp(await readFile(PHOTO))
  .resize(1732, 1155, { fit: 'cover' })
  .jpeg({ quality: 90 })
  .toBuffer();
const boundary = '----reframebench';
const multipart = Buffer.concat([
  Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  ),
  photo,
  Buffer.from(`\r\n--${boundary}--\r\n`),
]);

const started = performance.now();
const uploaded = await call(
  'POST',
  '/api/uploads',
  multipart,
  `multipart/form-data; boundary=${boundary}`,
);
const original = uploaded.json<UploadResponse>();
const uploadMs = performance.now() - started;
for (const ratio of RATIOS) {
  const ratioStart = performance.now();
  const created = await call('POST', '/api/replicate', {
    endpoint: 'predictions',
    data: { input: { upload_id: original.id, aspect_ratio: ratio, regenerate: false } },
  });
  const { id } = created.json<Prediction>();
  let prediction: Prediction;
  do {
    await new Promise((resolve) => setTimeout(resolve, 100));
    prediction = (
      await call('GET', `/api/replicate?endpoint=predictions/${id}`)
    ).json<Prediction>();
  } while (prediction.status === 'starting' || prediction.status === 'processing');
  console.log(
    `${ratio.padEnd(5)} ${prediction.status} ${prediction.width}x${prediction.height} in ${Math.round(performance.now() - ratioStart)} ms`,
  );
}
console.log(
  `${original.width}x${original.height} photo: upload ${Math.round(uploadMs)} ms, upload to last result ${Math.round(performance.now() - started)} ms`,
);

await app.close();
await mailer.close();
await database.destroy();
rmSync(dataDir, { recursive: true, force: true });
