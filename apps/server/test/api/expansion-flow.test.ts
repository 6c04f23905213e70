import type { CreatedApiKey, Expansion, HistoryPage, WebhookSecretResponse } from '@reframe/shared';
import sharp from 'sharp';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { waitFor } from '../helpers/poll';
import { creditsOfUser, expertOwner } from '../helpers/team';
import { startReceiver } from '../helpers/webhook-receiver';
import { photo } from '../resizer/images';
import { multipartBody } from '../resizer/resizer-client';

/**
 * The whole flow over real HTTP (issue 30's "done when", server side): a key made in Settings,
 * a photo posted for 16:9 plus the Meta pack, polled until settled, every output downloaded at
 * its exact size, the signed webhook received and verified, the credits down by the number of
 * outputs, the run in History with its key.
 */
describe('an expansion over HTTP', () => {
  let t: TestApp;
  let base: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver({ statuses: [204] });
    // The Meta pack's outputs are large: a loaded machine gets all the time it needs.
    t = await createTestApp({ env: { ENGINE_WORKERS: '2', JOB_TIMEOUT_SECONDS: '600' } });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  it(
    'goes from a new key to downloaded files and a History entry marked with the key',
    { timeout: 300_000 },
    async () => {
      const owner = await expertOwner(t);
      const before = await creditsOfUser(t, owner.userId);
      const created = await owner.client.post('/api/api-keys', { name: 'Shop sync', mode: 'live' });
      expect(created.statusCode).toBe(201);
      const { secret } = created.json<CreatedApiKey>();
      const auth = { authorization: `Bearer ${secret}` };

      const { body, contentType } = multipartBody([
        { fieldName: 'ratio', bytes: Buffer.from('16:9'), contentType: 'text/plain' },
        { fieldName: 'pack', bytes: Buffer.from('meta'), contentType: 'text/plain' },
        { fieldName: 'format', bytes: Buffer.from('jpeg'), contentType: 'text/plain' },
        { fieldName: 'webhook_url', bytes: Buffer.from(receiver.url), contentType: 'text/plain' },
        {
          fieldName: 'image',
          bytes: await photo('chelsea.png', 96),
          filename: 'chelsea.jpg',
          contentType: 'image/jpeg',
        },
      ]);
      const posted = await fetch(`${base}/v1/expansions`, {
        method: 'POST',
        headers: { ...auth, 'content-type': contentType },
        body,
      });
      expect(posted.status, await posted.clone().text()).toBe(202);
      expect(posted.headers.get('x-credits-charged')).toBe('5');
      expect(posted.headers.get('x-credits-remaining')).toBe(String(before - 5));
      expect(posted.headers.get('access-control-allow-origin')).toBeNull();
      const accepted = (await posted.json()) as Expansion;
      expect(accepted.status).toBe('processing');
      expect(accepted.outputs.map((output) => output.ratio ?? output.placement)).toEqual([
        '16:9',
        'meta-feed-1080x1080',
        'meta-portrait-1080x1350',
        'meta-stories-1080x1920',
        'meta-link-1200x628',
      ]);

      // Most of the test's time-out: the rest of the flow takes seconds.
      const expansion = await waitFor(
        async () => {
          const polled = await fetch(`${base}/v1/expansions/${accepted.id}`, { headers: auth });
          expect(polled.status).toBe(200);
          expect(polled.headers.get('x-credits-remaining')).not.toBeNull();
          return (await polled.json()) as Expansion;
        },
        {
          what: `expansion ${accepted.id} to settle`,
          until: (polled) => polled.settled_at !== null,
          timeoutMs: 240_000,
          intervalMs: 200,
        },
      );
      expect(expansion.status, JSON.stringify(expansion.outputs)).toBe('succeeded');
      expect(expansion.credits_charged).toBe(5);

      for (const output of expansion.outputs) {
        expect(output.url).toMatch(new RegExp(`^${t.config.server.appUrl}/v1/files/`));
        const expires = Date.parse(output.url_expires_at ?? '');
        expect(expires - Date.now()).toBeGreaterThan(59 * 60_000);
        const path = new URL(output.url ?? '').pathname;
        const file = await fetch(`${base}${path}`);
        expect(file.status).toBe(200);
        expect(file.headers.get('content-type')).toBe('image/jpeg');
        const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
        expect(meta.format).toBe('jpeg');
        expect([meta.width, meta.height]).toEqual([output.width, output.height]);
      }
      expect(
        expansion.outputs.find((output) => output.placement === 'meta-link-1200x628'),
      ).toMatchObject({ width: 1200, height: 628 });
      const [hook] = await receiver.until(1);
      const signing = (
        await owner.client.get('/api/api-keys/webhook-secret')
      ).json<WebhookSecretResponse>();
      const headers = {
        'webhook-id': String(hook!.headers['webhook-id']),
        'webhook-timestamp': String(hook!.headers['webhook-timestamp']),
        'webhook-signature': String(hook!.headers['webhook-signature']),
      };
      expect(new Webhook(signing.webhookSecret).verify(hook!.body, headers)).toMatchObject({
        id: accepted.id,
        status: 'succeeded',
        credits_charged: 5,
      });
      expect(await creditsOfUser(t, owner.userId)).toBe(before - 5);

      const history = (await owner.client.get('/api/history')).json<HistoryPage>();
      expect(history.items).toHaveLength(1);
      expect(history.items[0]?.apiKeyName).toBe('Shop sync');
      expect(Object.keys(history.items[0]?.resizedImages ?? {})).toHaveLength(5);

      const tampered = `${new URL(expansion.outputs[0]?.url ?? '').pathname}x`;
      const refused = await fetch(`${base}${tampered}`);
      expect(refused.status).toBe(404);
    },
  );
});
