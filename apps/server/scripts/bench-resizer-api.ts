/**
 * Server-side time of the resizer flow, without a browser: upload a 2 MP photo, then three
 * ratios one after another (as the client runs them), polling every 100 ms. Prints
 * upload-to-last-result time. Usage: npm run bench:resizer-api
 */
import { readFile } from 'node:fs/promises';
import { fixtureImage } from '@reframe/fixtures';
import type { Prediction, UploadResponse } from '@reframe/shared';
import sharp from 'sharp';
import { signUpVerified, startBenchApp } from './bench-app';

const RATIOS = ['16:9', '1:1', '9:16'];
const PHOTO = fixtureImage('hubble_deep_field.jpg');

const app = await startBenchApp();
const cookie = await signUpVerified(app);
const headers = { origin: app.origin, cookie };

async function postJson(path: string, body: unknown) {
  return fetch(`${app.base}${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

const photo = await sharp(await readFile(PHOTO))
  .resize(1732, 1155, { fit: 'cover' })
  .jpeg({ quality: 90 })
  .toBuffer();
const form = new FormData();
form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');

const started = performance.now();
const uploaded = await fetch(`${app.base}/api/uploads`, { method: 'POST', headers, body: form });
const original = (await uploaded.json()) as UploadResponse;
const uploadMs = performance.now() - started;
for (const ratio of RATIOS) {
  const ratioStart = performance.now();
  const created = await postJson('/api/replicate', {
    endpoint: 'predictions',
    data: { input: { upload_id: original.id, aspect_ratio: ratio, regenerate: false } },
  });
  const { id } = (await created.json()) as Prediction;
  let prediction: Prediction;
  do {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const polled = await fetch(`${app.base}/api/replicate?endpoint=predictions/${id}`, { headers });
    prediction = (await polled.json()) as Prediction;
  } while (prediction.status === 'starting' || prediction.status === 'processing');
  console.log(
    `${ratio.padEnd(5)} ${prediction.status} ${prediction.width}x${prediction.height} in ${Math.round(performance.now() - ratioStart)} ms`,
  );
}
console.log(
  `${original.width}x${original.height} photo: upload ${Math.round(uploadMs)} ms, upload to last result ${Math.round(performance.now() - started)} ms`,
);

await app.close();
