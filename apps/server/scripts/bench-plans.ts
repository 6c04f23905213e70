/**
 * What a plan's ratios at once buy (issue 27): the same 3-ratio job on a 2 MP photo for a Free
 * and an Expert user, alone and behind a queue (two Free users' 3-ratio jobs submitted just
 * before). The three ratios are submitted together, as the resizer does; the plan decides how
 * many run at once. Prints upload-to-last-result time. Usage: npm run bench:plans
 */
import { readFile } from 'node:fs/promises';
import { fixtureImage } from '@reframe/fixtures';
import type { PlanId, Prediction, UploadResponse } from '@reframe/shared';
import sharp from 'sharp';
import { insertFreeAccountIfMissing } from '../src/billing/billing.repo';
import { benchStorageDriver, signUpVerified, startBenchApp, type BenchApp } from './bench-app';

const RATIOS = ['16:9', '1:1', '9:16'];
const QUEUED_AHEAD = 2;

const photo = await sharp(await readFile(fixtureImage('hubble_deep_field.jpg')))
  .resize(1732, 1155, { fit: 'cover' })
  .jpeg({ quality: 90 })
  .toBuffer();

async function userOnPlan(app: BenchApp, plan: PlanId) {
  const cookie = await signUpVerified(app);
  const headers = { origin: app.origin, cookie };
  const me = (await (await fetch(`${app.base}/api/me`, { headers })).json()) as {
    user: { id: string };
  };
  const now = new Date();
  const periodEnd = new Date(now.getTime() + 30 * 86_400_000);
  await insertFreeAccountIfMissing(app.database.db, {
    userId: me.user.id,
    periodStart: now,
    periodEnd,
    now,
  });
  await app.database.db
    .updateTable('billing_account')
    .set({ plan_id: plan })
    .where('user_id', '=', me.user.id)
    .execute();
  return headers;
}

/** Uploads the photo and submits the three ratios at once; resolves when all have settled. */
async function submitJob(app: BenchApp, headers: Record<string, string>) {
  const form = new FormData();
  form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
  const uploaded = await fetch(`${app.base}/api/uploads`, { method: 'POST', headers, body: form });
  const original = (await uploaded.json()) as UploadResponse;
  const ids = await Promise.all(
    RATIOS.map(async (ratio) => {
      const created = await fetch(`${app.base}/api/replicate`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          endpoint: 'predictions',
          data: { input: { upload_id: original.id, aspect_ratio: ratio, regenerate: false } },
        }),
      });
      return ((await created.json()) as Prediction).id;
    }),
  );
  return async () => {
    const statuses = await Promise.all(
      ids.map(async (id) => {
        for (;;) {
          const response = await fetch(`${app.base}/api/replicate?endpoint=predictions/${id}`, {
            headers,
          });
          const prediction = (await response.json()) as Prediction;
          if (prediction.status !== 'starting' && prediction.status !== 'processing') {
            return prediction.status;
          }
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }),
    );
    return statuses;
  };
}

async function measure(plan: PlanId, behindQueue: boolean) {
  const app = await startBenchApp();
  try {
    const ahead = [];
    for (let i = 0; i < (behindQueue ? QUEUED_AHEAD : 0); i += 1) {
      ahead.push(await submitJob(app, await userOnPlan(app, 'free')));
    }
    const headers = await userOnPlan(app, plan);
    const started = performance.now();
    const settled = await (await submitJob(app, headers))();
    const ms = performance.now() - started;
    await Promise.all(ahead.map((waitAhead) => waitAhead()));
    return { ms, settled: settled.join(',') };
  } finally {
    await app.close();
  }
}

const rows: string[][] = [];
for (const behindQueue of [false, true]) {
  for (const plan of ['free', 'expert'] as const) {
    const { ms, settled } = await measure(plan, behindQueue);
    rows.push([
      plan,
      behindQueue ? `behind ${QUEUED_AHEAD} Free jobs` : 'alone',
      `${(ms / 1000).toFixed(1)} s`,
      settled,
    ]);
  }
}
console.log(`2 MP photo, ratios ${RATIOS.join(' ')}, storage ${benchStorageDriver}`);
const header = ['plan', 'queue', 'upload to 3rd result', 'statuses'];
const widths = header.map((title, column) =>
  Math.max(title.length, ...rows.map((row) => row[column]!.length)),
);
for (const row of [header, ...rows]) {
  console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join('  '));
}
