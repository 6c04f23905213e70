/**
 * API latency while hostile uploads are taken in: four 50 MP uploads (two 1-bit BMPs, two PNGs)
 * are sent at once over real HTTP while `GET /api/health` and a history read are probed every
 * 50 ms. Prints a table of probe latencies, idle and during the uploads, and the upload results.
 * Usage: npm run bench:uploads
 */
import { hostileBmp, hostilePng } from '../test/resizer/hostile-images';
import { signUpVerified, startBenchApp } from './bench-app';

const app = await startBenchApp();
const { base, origin } = app;

const attacker = await signUpVerified(app);
const reader = await signUpVerified(app);

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
