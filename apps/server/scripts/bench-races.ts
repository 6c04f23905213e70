/**
 * Two attacks of issue 23, over real HTTP against the real app (SQLite and disk storage, or
 * whatever DATABASE_URL and STORAGE_DRIVER/S3_* say):
 * - 30 parallel deletes of one run: the answers, the server still up, and the stored-bytes
 *   counter before and after against the run's bytes;
 * - the Replicate webhook after 10 aborted and 10 timed-out deliveries: a genuine one's answer;
 * - two test-mode checkouts of one user paid in turn and at once (issue 39, bench-races-checkout).
 * - issue 39's silent webhook receivers: a victim's time to result with and without 50
 *   (bench-silent-receivers.ts).
 * Prints one table per measure. Usage: npm run bench:races
 */
import { randomUUID } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { totalSize } from '../src/adapters/storage/storage';
import { withThumbnails } from '../src/resizer/files/storage-keys';
import { signWebhook } from '../src/platform/http/standard-webhooks';
import { drawnPhoto } from '../test/resizer/images';
import { benchStorageDriver, type BenchApp, signUpVerified, startBenchApp } from './bench-app';
import { checkoutPair } from './bench-races-checkout';
import { silentReceivers } from './bench-silent-receivers';

const WEBHOOK_SECRET = `whsec_${Buffer.from('the bench webhook signing secret').toString('base64')}`;
async function storedBytes(app: BenchApp, userId: string): Promise<number> {
  const row = await app.database.db
    .selectFrom('upload_quota')
    .select('stored_bytes')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.stored_bytes ?? 0);
}

async function parallelDeletes() {
  const app = await startBenchApp({});
  const cookie = await signUpVerified(app);
  const headers = { origin: app.origin, cookie };
  const form = new FormData();
  form.append('file', new Blob([await drawnPhoto(320, 213)], { type: 'image/jpeg' }), 'run.jpg');
  const uploaded = (await (
    await fetch(`${app.base}/api/uploads`, { method: 'POST', headers, body: form })
  ).json()) as { id: string };
  const created = (await (
    await fetch(`${app.base}/api/replicate`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        endpoint: 'predictions',
        data: { input: { upload_id: uploaded.id, aspect_ratio: '16:9', regenerate: false } },
      }),
    })
  ).json()) as { id: string };
  for (;;) {
    const polled = (await (
      await fetch(`${app.base}/api/replicate?endpoint=predictions/${created.id}`, { headers })
    ).json()) as { status: string };
    if (polled.status === 'succeeded') break;
    if (polled.status === 'failed') throw new Error('the run failed');
  }
  const history = (await (await fetch(`${app.base}/api/history`, { headers })).json()) as {
    items: { id: string; userId: string }[];
  };
  const item = history.items[0]!;
  const before = await storedBytes(app, item.userId);
  const upload = await app.database.db
    .selectFrom('upload')
    .select('storage_key')
    .where('id', '=', uploaded.id)
    .executeTakeFirstOrThrow();
  const outputs = await app.database.db
    .selectFrom('prediction')
    .select('output_key')
    .where('upload_id', '=', uploaded.id)
    .execute();
  const runFiles = [upload.storage_key, ...outputs.flatMap((row) => row.output_key ?? [])];
  const runBytes = await totalSize(app.storage, new Set(runFiles.flatMap(withThumbnails)));

  const started = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: 30 }, () =>
      fetch(`${app.base}/api/history/${item.id}`, { method: 'DELETE', headers }).then(
        async (response) => {
          await response.arrayBuffer();
          return response.status;
        },
      ),
    ),
  );
  const ms = performance.now() - started;
  const health = (await fetch(`${app.base}/api/health`)).status;
  const after = await storedBytes(app, item.userId);
  const count = (status: number) => statuses.filter((s) => s === status).length;
  console.log('30 parallel deletes of one run');
  console.log('| measure | value |');
  console.log('| --- | --- |');
  console.log(`| database, storage | ${app.database.dialect}, ${benchStorageDriver} |`);
  console.log(
    `| answers 204 / 404 / other | ${count(204)} / ${count(404)} / ${30 - count(204) - count(404)} |`,
  );
  console.log(`| all 30 answered in | ${Math.round(ms)} ms |`);
  console.log(`| GET /api/health afterwards | ${health} |`);
  console.log(
    `| stored bytes before → after | ${before} → ${after} (the run's files hold ${runBytes}) |`,
  );
  console.log(
    `| counter dropped by the run's bytes once | ${before - after === runBytes ? 'yes' : 'NO'} |`,
  );
  await app.close();
}

function slowDelivery(port: number, n: number): Socket {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  // Read what the server answers (a 503 or the 408), so its close is seen.
  socket.resume();
  socket.write(
    [
      `POST /api/replicate/webhook?prediction=${randomUUID()} HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      'Content-Type: application/json',
      `Content-Length: ${20 * 1024 * 1024}`,
      `webhook-id: msg_bench${n}`,
      `webhook-timestamp: ${Math.floor(Date.now() / 1000)}`,
      'webhook-signature: v1,AAAA',
      '',
      '{"id":1',
    ].join('\r\n'),
  );
  return socket;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function webhookAfterAbuse() {
  const app = await startBenchApp({
    AI_PROVIDER: 'replicate',
    REPLICATE_API_TOKEN: `r8_${'b'.repeat(37)}`,
    REPLICATE_MODEL_VERSION: 'a'.repeat(64),
    REPLICATE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    REQUEST_TIMEOUT_SECONDS: '1',
  });
  const started = performance.now();
  for (let n = 0; n < 10; n++) {
    const socket = slowDelivery(app.port, n);
    await pause(50);
    socket.destroy();
  }
  let closedByServer = 0;
  for (let n = 10; n < 20; n += 2) {
    await Promise.all(
      [slowDelivery(app.port, n), slowDelivery(app.port, n + 1)].map(async (socket) => {
        const closed = new Promise((resolve) => socket.once('close', () => resolve(true)));
        if (await Promise.race([closed, pause(3000).then(() => false)])) closedByServer++;
        socket.destroy();
      }),
    );
  }
  const abuseMs = performance.now() - started;
  const body = JSON.stringify({ id: 'bench-remote', status: 'succeeded', output: null });
  const id = `msg_${randomUUID()}`;
  const timestamp = Math.floor(Date.now() / 1000);
  const response = await fetch(`${app.base}/api/replicate/webhook?prediction=${randomUUID()}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(WEBHOOK_SECRET, id, timestamp, body),
    },
    body,
  });
  console.log('\nthe Replicate webhook after 10 aborted and 10 timed-out deliveries');
  console.log('| measure | value |');
  console.log('| --- | --- |');
  console.log(`| timed-out deliveries closed by the server (408) | ${closedByServer} of 10 |`);
  console.log(`| abuse took | ${Math.round(abuseMs)} ms |`);
  console.log(`| genuine webhook answered | ${response.status} ${await response.text()} |`);
  await app.close();
}

await parallelDeletes();
await webhookAfterAbuse();
await checkoutPair();
await silentReceivers();
