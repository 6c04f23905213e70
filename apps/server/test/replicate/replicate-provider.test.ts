import { connect } from 'node:net';
import { copy, errorMessages, type Prediction } from '@reframe/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { captureLog } from '../helpers/log-capture';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { pollUntilSettled, predictionBody } from '../resizer/resizer-client';
import { startFakeReplicate, type FakeReplicate } from '../helpers/fake-replicate-server';
import {
  expectFakeOutputIn,
  expectRefunded,
  expectSucceeded,
  spendsAndRefundsOf,
  MODEL_VERSION,
  remoteIdOf,
  replicateEnv,
  startRun,
  TOKEN,
  waitForRemoteId,
} from './replicate-harness';

describe('AI_PROVIDER=replicate against the fake Replicate', () => {
  let fake: FakeReplicate;
  let t: TestApp;
  const log = captureLog();

  beforeAll(async () => {
    fake = await startFakeReplicate({ token: TOKEN });
    t = await createTestApp({
      env: replicateEnv(fake, { REPLICATE_OUTPUT_MAX_MB: '1' }),
      logger: log.logger,
      jobTimeoutMs: 8000,
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  const creates = () =>
    fake.calls.filter((c) => c.method === 'POST' && c.path === '/v1/predictions');

  it('tells the web app it runs Replicate, so the resizer keeps the brief pause between ratios', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/site-config' });
    expect(config.statusCode).toBe(200);
    expect(config.json()).toMatchObject({ aiProvider: 'replicate' });
  });

  it('sends the brief request, and stores the model output with the original pasted back', async () => {
    const run = await startRun(t, '16:9');
    expect(run.prediction).toMatchObject({ status: 'starting', provider: null, fallback: false });
    const { done, result, canvas } = await expectSucceeded(t, run, {
      provider: 'replicate',
      fallback: false,
    });

    expect(creates()).toHaveLength(1);
    const sent = creates()[0]!;
    expect(sent.authorized).toBe(true);
    expect(Object.keys(sent.body!).sort()).toEqual([
      'input',
      'version',
      'webhook',
      'webhook_events_filter',
    ]);
    expect(sent.body).toMatchObject({
      version: MODEL_VERSION,
      webhook: `http://localhost:3000/api/replicate/webhook?prediction=${done.id}`,
      webhook_events_filter: ['completed'],
    });
    const input = sent.body!.input as Record<string, unknown>;
    expect(Object.keys(input).sort()).toEqual([
      'guidance_scale',
      'image',
      'num_inference_steps',
      'prompt',
      'seed',
    ]);
    expect(input).toMatchObject({
      prompt: copy.aiPrompt,
      guidance_scale: 8.5,
      num_inference_steps: 45,
    });
    expect(
      Number.isInteger(input.seed) &&
        (input.seed as number) >= 0 &&
        (input.seed as number) < 1_000_000,
    ).toBe(true);
    const image = String(input.image);
    expect(image.startsWith('data:image/png;base64,')).toBe(true);
    const sentCanvas = await sharp(Buffer.from(image.slice(22), 'base64')).metadata();
    expect([sentCanvas.format, sentCanvas.width, sentCanvas.height]).toEqual([
      'png',
      canvas.width,
      canvas.height,
    ]);

    const remoteId = (await remoteIdOf(t, done.id)).remote_id!;
    await expectFakeOutputIn(fake, remoteId, result, canvas);

    const history = (await run.client.get('/api/history')).json<{
      items: { resizedImages: Record<string, string>; providers: Record<string, string> }[];
    }>();
    expect(history.items[0]).toMatchObject({
      resizedImages: { '16:9': done.output },
      providers: { '16:9': 'replicate' },
    });
  });

  it('draws a new seed below 1,000,000 for a regeneration', async () => {
    const run = await startRun(t, '1:1');
    await expectSucceeded(t, run, { provider: 'replicate', fallback: false });
    const again = await run.client.post(
      '/api/replicate',
      predictionBody(run.original.id, '1:1', true),
    );
    expect(again.statusCode).toBe(202);
    expect((await pollUntilSettled(run.client, again.json<Prediction>().id)).status).toBe(
      'succeeded',
    );
    const seeds = creates().map((c) => (c.body!.input as { seed: number }).seed);
    expect(seeds).toHaveLength(2);
    expect(new Set(seeds).size).toBe(2);
  });

  it('retries a 429 after its Retry-After without charging again', async () => {
    fake.plan('throttle-then-succeed');
    const run = await startRun(t);
    await expectSucceeded(t, run, { provider: 'replicate', fallback: false });
    expect(creates()).toHaveLength(2);
  });

  it('retries three 500s and succeeds, charged once', async () => {
    fake.plan('error-500-3x');
    const run = await startRun(t);
    await expectSucceeded(t, run, { provider: 'replicate', fallback: false });
    expect(creates()).toHaveLength(4);
  });

  it('refunds once when Replicate keeps answering 500', async () => {
    fake.plan('error-500-always');
    const run = await startRun(t);
    await expectRefunded(t, run, errorMessages.PROVIDER_UNAVAILABLE);
    expect(creates()).toHaveLength(4);
  });

  it('refunds once when the remote prediction fails', async () => {
    fake.plan('failed');
    const run = await startRun(t);
    await expectRefunded(t, run, errorMessages.PROVIDER_FAILED);
  });

  /** Why the job failed, as the server logged it (the user reads the catalogue message). */
  const loggedReason = (predictionId: string) =>
    log
      .entries()
      .filter((entry) => entry.predictionId === predictionId && entry.err)
      .map((entry) => (entry.err as { message: string }).message)
      .join(' | ');

  it.each([
    ['an HTML page', 'html-output', 'The output is an HTML page, not an image.'],
    ['a decompression bomb', 'bomb-output', 'at most 50 megapixels are supported'],
    ['larger than the byte cap', 'oversize-output', 'The output is larger than 1048576 bytes.'],
    [
      'on a host not on the allowlist',
      'foreign-host-output',
      'host localhost is not on the allowlist',
    ],
    [
      'redirecting to another host',
      'foreign-redirect-output',
      'redirects to another host (localhost)',
    ],
  ] as const)('refunds once when the output is %s', async (_, scenario, reason) => {
    fake.plan(scenario);
    const run = await startRun(t);
    await expectRefunded(t, run, errorMessages.PROVIDER_OUTPUT_REJECTED);
    expect(loggedReason(run.prediction.id)).toContain(reason);
  });

  it('settles from a webhook that arrives before the create response, without polling', async () => {
    fake.plan('instant');
    const delivered: string[] = [];
    fake.beforeCreateResponse = async (remote) => {
      const webhook = fake.signedWebhook(remote.id, {
        secret: replicateEnv(fake).REPLICATE_WEBHOOK_SECRET,
      });
      const response = await t.app.inject({
        method: 'POST',
        url: webhook.path,
        headers: webhook.headers,
        payload: webhook.body,
      });
      delivered.push(response.json<{ outcome: string }>().outcome);
    };
    const run = await startRun(t);
    await expectSucceeded(t, run, { provider: 'replicate', fallback: false });
    expect(delivered).toEqual(['recorded']);
    expect(fake.calls.filter((c) => c.method === 'GET')).toHaveLength(0);
  });

  it('applies the same webhook twice only once, and refuses bad or stale signatures', async () => {
    fake.plan('stall');
    const run = await startRun(t);
    const remoteId = await waitForRemoteId(t, run.prediction.id);
    const secret = replicateEnv(fake).REPLICATE_WEBHOOK_SECRET;
    const post = (webhook: ReturnType<FakeReplicate['signedWebhook']>) =>
      t.app.inject({
        method: 'POST',
        url: webhook.path,
        headers: webhook.headers,
        payload: webhook.body,
      });

    await fake.finish(remoteId);
    const forged = await post(
      fake.signedWebhook(remoteId, {
        secret: `whsec_${Buffer.from('not the secret at all, no').toString('base64')}`,
      }),
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({
      code: 'WEBHOOK_SIGNATURE_INVALID',
      message: errorMessages.WEBHOOK_SIGNATURE_INVALID,
    });
    const stale = await post(
      fake.signedWebhook(remoteId, { secret, timestamp: Math.floor(Date.now() / 1000) - 600 }),
    );
    expect(stale.statusCode).toBe(400);
    expect((await remoteIdOf(t, run.prediction.id)).remote_status).toBeNull();

    const webhook = fake.signedWebhook(remoteId, { secret });
    const outcomes = await Promise.all([post(webhook), post(webhook)]);
    expect(outcomes.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(outcomes.map((r) => r.json<{ outcome: string }>().outcome).sort()).toEqual([
      'duplicate',
      'recorded',
    ]);
    await expectSucceeded(t, run, { provider: 'replicate', fallback: false });
  });

  it('refuses unsigned webhooks unread, and reads at most two large bodies at once', async () => {
    const url = new URL(await t.app.listen({ host: '127.0.0.1', port: 0 }));
    const path = '/api/replicate/webhook?prediction=00000000-0000-4000-8000-000000000000';
    const unsigned = await fetch(new URL(path, url), { method: 'POST', body: 'x'.repeat(1024) });
    expect(unsigned.status).toBe(400);
    expect(await unsigned.json()).toEqual({
      code: 'WEBHOOK_SIGNATURE_INVALID',
      message: errorMessages.WEBHOOK_SIGNATURE_INVALID,
    });

    // Two signed-looking deliveries that announce 20 MB and send only a little of it.
    const headers = (n: number) =>
      [
        `POST ${path} HTTP/1.1`,
        `Host: ${url.host}`,
        'Content-Type: application/json',
        `Content-Length: ${20 * 1024 * 1024}`,
        `webhook-id: msg_slow${n}`,
        `webhook-timestamp: ${Math.floor(Date.now() / 1000)}`,
        'webhook-signature: v1,AAAA',
        '',
        '',
      ].join('\r\n');
    const slow = [1, 2].map((n) => {
      const socket = connect(Number(url.port), url.hostname);
      socket.write(headers(n) + '{"id":');
      return socket;
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const third = await fetch(new URL(path, url), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'webhook-id': 'msg_third',
          'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
          'webhook-signature': 'v1,AAAA',
        },
        body: '{}',
      });
      expect(third.status).toBe(503);
      expect(await third.json()).toEqual({
        code: 'WEBHOOKS_BUSY',
        message: errorMessages.WEBHOOKS_BUSY,
      });
    } finally {
      for (const socket of slow) socket.destroy();
    }
  });

  it('cancels the remote prediction and refunds once when our time-out passes', async () => {
    fake.plan('stall');
    const run = await startRun(t);
    const remoteId = await waitForRemoteId(t, run.prediction.id);
    await expectRefunded(t, run, errorMessages.JOB_TIMED_OUT);
    expect(fake.calls.filter((c) => c.path === `/v1/predictions/${remoteId}/cancel`)).toHaveLength(
      1,
    );
    expect(fake.predictions.get(remoteId)!.status).toBe('canceled');
  });

  it('never writes the API token to the log', () => {
    expect(log.text()).toContain('remote prediction created');
    expect(log.text()).not.toContain(TOKEN);
    expect(log.text()).not.toContain(TOKEN.slice(3, 20));
  });
});

describe('AI_FALLBACK=engine', () => {
  let fake: FakeReplicate;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakeReplicate({ token: TOKEN });
    t = await createTestApp({ env: replicateEnv(fake, { AI_FALLBACK: 'engine' }) });
  });
  beforeEach(() => fake.reset());
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('makes the result with the built-in engine while Replicate is down, and says so', async () => {
    fake.plan('error-500-always');
    const run = await startRun(t);
    await expectSucceeded(t, run, { provider: 'engine', fallback: true });
    const history = (await run.client.get('/api/history')).json<{
      items: { providers: Record<string, string> }[];
    }>();
    expect(history.items[0]!.providers).toEqual({ '16:9': 'engine' });
  });

  it('still refunds a remote failure instead of hiding it behind the engine', async () => {
    fake.plan('failed');
    const run = await startRun(t);
    await expectRefunded(t, run, errorMessages.PROVIDER_FAILED);
    expect(await spendsAndRefundsOf(t, run.userId)).toEqual({ spends: 1, refunds: 1 });
  });
});
