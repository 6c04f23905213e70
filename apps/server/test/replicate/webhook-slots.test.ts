import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { startFakeReplicate, type FakeReplicate } from '../helpers/fake-replicate-server';
import type { Prediction } from '@reframe/shared';
import { signUpVerified } from '../helpers/accounts';
import { drawnPhoto } from '../resizer/images';
import { pollUntilSettled, predictionBody, upload } from '../resizer/resizer-client';
import { remoteIdOf, replicateEnv, TOKEN, waitForRemoteId } from './replicate-harness';

const PATH = '/api/replicate/webhook?prediction=00000000-0000-4000-8000-000000000000';

/** A delivery with fresh, signed-looking headers that announces 20 MB and sends 7 bytes of it. */
function startSlowDelivery(port: number, n: number): Socket {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  // Read what the server answers (a 503 or the 408), so its close is seen.
  socket.resume();
  socket.write(
    [
      `POST ${PATH} HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      'Content-Type: application/json',
      `Content-Length: ${20 * 1024 * 1024}`,
      `webhook-id: msg_locker${n}`,
      `webhook-timestamp: ${Math.floor(Date.now() / 1000)}`,
      'webhook-signature: v1,AAAA',
      '',
      '{"id":1',
    ].join('\r\n'),
  );
  return socket;
}

/** A new verified user uploads a drawn photo and asks for one ratio. */
async function startRun(t: TestApp) {
  const { client } = await signUpVerified(t);
  const original = await upload(t, client, await drawnPhoto(96, 64));
  const accepted = await client.post('/api/replicate', predictionBody(original.id, '16:9'));
  expect(accepted.statusCode, accepted.body).toBe(202);
  return { client, prediction: accepted.json<Prediction>() };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for the server to close the socket (its 1 s request time-out); false after 3 s. */
async function timedOut(socket: Socket): Promise<boolean> {
  const closed = new Promise<boolean>((resolve) => socket.once('close', () => resolve(true)));
  const closedByServer = await Promise.race([closed, pause(3000).then(() => false)]);
  socket.destroy();
  return closedByServer;
}

describe('the Replicate webhook under aborted and timed-out deliveries', () => {
  let fake: FakeReplicate;
  let t: TestApp;
  let port: number;
  let secret: string;

  beforeAll(async () => {
    fake = await startFakeReplicate({ token: TOKEN });
    secret = replicateEnv(fake).REPLICATE_WEBHOOK_SECRET;
    t = await createTestApp({
      env: replicateEnv(fake, { REQUEST_TIMEOUT_SECONDS: '1' }),
      jobTimeoutMs: 8000,
    });
    port = Number(new URL(await t.app.listen({ host: '127.0.0.1', port: 0 })).port);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  it('accepts a genuine webhook after 10 aborted and 10 timed-out deliveries', async () => {
    for (let n = 0; n < 10; n++) {
      const socket = startSlowDelivery(port, n);
      await pause(50);
      socket.destroy();
    }
    for (let n = 10; n < 20; n += 2) {
      const pair = [startSlowDelivery(port, n), startSlowDelivery(port, n + 1)];
      expect(await Promise.all(pair.map(timedOut))).toEqual([true, true]);
    }

    fake.plan('stall');
    const run = await startRun(t);
    const remoteId = await waitForRemoteId(t, run.prediction.id);
    await fake.finish(remoteId);
    const webhook = fake.signedWebhook(remoteId, { secret });
    const response = await fetch(`http://127.0.0.1:${port}${webhook.path}`, {
      method: 'POST',
      headers: webhook.headers,
      body: webhook.body,
    });

    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ received: true });
    expect(await pollUntilSettled(run.client, run.prediction.id)).toMatchObject({
      status: 'succeeded',
      provider: 'replicate',
    });
  });

  it('answers 409 to a signed webhook naming another prediction’s remote id, changing nothing', async () => {
    fake.plan('stall', 'stall');
    const first = await startRun(t);
    const second = await startRun(t);
    const firstRemote = await waitForRemoteId(t, first.prediction.id);
    await waitForRemoteId(t, second.prediction.id);
    // As when the webhook overtakes the second job's create response: no remote id saved yet.
    await t.database.db
      .updateTable('prediction')
      .set({ remote_id: null })
      .where('id', '=', second.prediction.id)
      .execute();
    await fake.finish(firstRemote);
    const webhook = fake.signedWebhook(firstRemote, { secret });
    const foreignPath = webhook.path.replace(first.prediction.id, second.prediction.id);
    expect(foreignPath).not.toBe(webhook.path);
    const before = await remoteIdOf(t, second.prediction.id);

    const response = await t.app.inject({
      method: 'POST',
      url: foreignPath,
      headers: webhook.headers,
      payload: webhook.body,
    });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'WEBHOOK_PREDICTION_MISMATCH' });
    expect(await remoteIdOf(t, second.prediction.id)).toEqual(before);
  });
});
