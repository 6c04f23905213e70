/**
 * Issue 39's attack, over real HTTP against the real app (SQLite and disk storage, or whatever
 * DATABASE_URL and STORAGE_DRIVER/S3_* say): an Expert account makes 50 expansions whose
 * webhook_url each points at a receiver of its own (50 loopback addresses, so 50 hosts) that
 * accepts the connection and never answers, and once they have all settled, another user's
 * single result is timed from upload to result. Printed beside the same user's time on an app
 * with no such receivers; both apps run one untimed prediction first, so neither pays the
 * engine's start. Part of `npm run bench:races`.
 */
import { once } from 'node:events';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import type { CreatedApiKey, Expansion } from '@reframe/shared';
import { drawnPhoto } from '../test/resizer/images';
import { benchStorageDriver, type BenchApp, signUpVerified, startBenchApp } from './bench-app';

const SILENT_RECEIVERS = 50;

const jsonHeaders = (app: BenchApp, cookie: string) => ({
  origin: app.origin,
  cookie,
  'content-type': 'application/json',
});

/** A new Expert account (the test-mode checkout, as the Billing screen pays) and a live key. */
async function expertKey(app: BenchApp): Promise<string> {
  const cookie = await signUpVerified(app);
  const checkout = await fetch(`${app.base}/api/callables/createCheckoutSession`, {
    method: 'POST',
    headers: jsonHeaders(app, cookie),
    body: JSON.stringify({ data: { planId: 'expert' } }),
  });
  const url = new URL(((await checkout.json()) as { data: { url: string } }).data.url);
  const paid = await fetch(`${app.base}${url.pathname}${url.search}/pay`, {
    method: 'POST',
    headers: { origin: app.origin, cookie },
    redirect: 'manual',
  });
  await paid.text();
  const key = await fetch(`${app.base}/api/api-keys`, {
    method: 'POST',
    headers: jsonHeaders(app, cookie),
    body: JSON.stringify({ name: 'Silent receivers', mode: 'live' }),
  });
  if (key.status !== 201) throw new Error(`the key was refused: ${key.status} ${await key.text()}`);
  return ((await key.json()) as CreatedApiKey).secret;
}

/**
 * `count` receivers on 127.0.0.2, 127.0.0.3, …: each accepts connections and never says a word
 * (not even TLS's), holding every attempt until the sender's time-out.
 */
async function silentHosts(count: number) {
  const sockets = new Set<Socket>();
  const servers = await Promise.all(
    Array.from({ length: count }, async (_, n) => {
      const server = createServer((socket) => {
        sockets.add(socket);
        socket.on('error', () => undefined);
        socket.on('close', () => sockets.delete(socket));
        socket.resume();
      });
      server.listen(0, `127.0.0.${n + 2}`);
      await once(server, 'listening');
      const { address, port } = server.address() as AddressInfo;
      return { server, url: `https://${address}:${port}/hooks` };
    }),
  );
  return {
    urls: servers.map((entry) => entry.url),
    held: () => sockets.size,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await Promise.all(
        servers.map(({ server }) => new Promise((resolve) => server.close(resolve))),
      );
    },
  };
}

/** Makes the expansions, one per silent host, and waits until every one has settled. */
async function silentExpansions(app: BenchApp, webhookUrls: string[]) {
  const auth = { authorization: `Bearer ${await expertKey(app)}` };
  const image = new Blob([await drawnPhoto(64, 43)], { type: 'image/jpeg' });
  const ids: string[] = [];
  for (const [n, webhookUrl] of webhookUrls.entries()) {
    const form = new FormData();
    form.append('ratio', '16:9');
    form.append('webhook_url', webhookUrl);
    form.append('image', image, `silent-${n}.jpg`);
    const posted = await fetch(`${app.base}/v1/expansions`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    if (posted.status !== 202) throw new Error(`expansion ${n}: ${posted.status}`);
    ids.push(((await posted.json()) as Expansion).id);
  }
  for (const id of ids) {
    for (;;) {
      const polled = await fetch(`${app.base}/v1/expansions/${id}`, { headers: auth });
      if (((await polled.json()) as Expansion).settled_at !== null) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** A new user's one photo to 16:9, from the upload to the succeeded result, in ms. */
async function victimTimeToResult(app: BenchApp): Promise<number> {
  const cookie = await signUpVerified(app);
  const headers = { origin: app.origin, cookie };
  const started = performance.now();
  const form = new FormData();
  form.append('file', new Blob([await drawnPhoto(320, 213)], { type: 'image/jpeg' }), 'v.jpg');
  const uploaded = await fetch(`${app.base}/api/uploads`, { method: 'POST', headers, body: form });
  const { id: uploadId } = (await uploaded.json()) as { id: string };
  const created = await fetch(`${app.base}/api/replicate`, {
    method: 'POST',
    headers: jsonHeaders(app, cookie),
    body: JSON.stringify({
      endpoint: 'predictions',
      data: { input: { upload_id: uploadId, aspect_ratio: '16:9', regenerate: false } },
    }),
  });
  const { id } = (await created.json()) as { id: string };
  for (;;) {
    const polled = await fetch(`${app.base}/api/replicate?endpoint=predictions/${id}`, {
      headers,
    });
    const { status } = (await polled.json()) as { status: string };
    if (status === 'succeeded') return performance.now() - started;
    if (status === 'failed') throw new Error("the victim's prediction failed");
  }
}

async function deliveriesOpen(app: BenchApp): Promise<number> {
  const rows = await app.database.db
    .selectFrom('api_webhook_delivery')
    .select('id')
    .where('delivered_at', 'is', null)
    .where('gave_up_at', 'is', null)
    .execute();
  return rows.length;
}

async function oneRun(receivers: number) {
  // Held attempts are aborted at close instead of being waited for.
  const app = await startBenchApp({ SHUTDOWN_GRACE_SECONDS: '1' });
  const silent = await silentHosts(receivers);
  try {
    await victimTimeToResult(app);
    const attackStarted = performance.now();
    if (receivers > 0) await silentExpansions(app, silent.urls);
    const attackMs = performance.now() - attackStarted;
    const heldBefore = silent.held();
    const victimMs = await victimTimeToResult(app);
    return {
      receivers,
      attackMs,
      heldBefore,
      victimMs,
      heldAfter: silent.held(),
      open: await deliveriesOpen(app),
      dialect: app.database.dialect,
    };
  } finally {
    await app.close();
    await silent.close();
  }
}

export async function silentReceivers() {
  const runs = [await oneRun(0), await oneRun(SILENT_RECEIVERS)];
  console.log(
    `\na victim's time to result, with and without ${SILENT_RECEIVERS} silent webhook receivers`,
  );
  console.log(`(${runs[0]!.dialect}, ${benchStorageDriver}; one 320x213 photo to 16:9)`);
  console.log(
    '| silent receivers | their 50 expansions settled in | attempts held open when the victim starts / gets the result | deliveries pending at the result | victim upload → result |',
  );
  console.log('| --- | --- | --- | --- | --- |');
  for (const run of runs) {
    const attack = run.receivers > 0 ? `${(run.attackMs / 1000).toFixed(1)} s` : '-';
    console.log(
      `| ${run.receivers} | ${attack} | ${run.heldBefore} / ${run.heldAfter} | ${run.open} | ${Math.round(run.victimMs)} ms |`,
    );
  }
}
