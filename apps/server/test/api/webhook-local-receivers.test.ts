import { errorMessages, type Expansion, type V1Error } from '@reframe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/poll';
import { expertOwner, type Person } from '../helpers/team';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { startReceiver } from '../helpers/webhook-receiver';
import { photo } from '../resizer/images';
import { createKey, postExpansion } from './api-client';

/**
 * Outside production, with APP_URL on a public host (a staging deployment, a demo): webhooks
 * follow production's rules, as nothing on this machine is the caller's.
 */
describe('webhooks to this machine when APP_URL is public', () => {
  let t: TestApp;
  let owner: Person;
  let secret: string;
  let jpeg: Uint8Array;
  beforeAll(async () => {
    t = await createTestApp({
      env: { NODE_ENV: 'development', APP_URL: 'https://reframe.example.com' },
    });
    owner = await expertOwner(t);
    secret = (await createKey(owner.client)).secret;
    jpeg = await photo();
  });
  afterAll(() => t.close());

  const expand = (webhookUrl: string) =>
    postExpansion(t, secret, {
      image: { bytes: jpeg, filename: 'cat.jpg', contentType: 'image/jpeg' },
      fields: [
        ['ratio', '1:1'],
        ['webhook_url', webhookUrl],
      ],
    });

  it('refuses an http://localhost or http://127.0.0.1 webhook_url', async () => {
    for (const url of ['http://localhost:4000/hook', 'http://127.0.0.1:4000/hook']) {
      const refused = await expand(url);
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json<V1Error>().error).toEqual({
        code: 'invalid_request',
        field: 'webhook_url',
        message: errorMessages.API_WEBHOOK_URL_INVALID,
      });
    }
  });

  it('never sends to an https name that resolves to loopback', async () => {
    const receiver = await startReceiver({ statuses: [200] });
    try {
      const url = `https://localhost:${receiver.port}/hooks`;
      const accepted = await expand(url);
      expect(accepted.statusCode, accepted.body).toBe(202);
      const { id } = accepted.json<Expansion>();
      const attempt = await waitFor(
        () =>
          t.database.db
            .selectFrom('api_webhook_attempt')
            .innerJoin('api_webhook_delivery', 'api_webhook_delivery.id', 'delivery_id')
            .select(['api_webhook_attempt.status', 'api_webhook_attempt.error'])
            .where('api_webhook_delivery.expansion_id', '=', id)
            .executeTakeFirst(),
        { what: `a webhook attempt for ${id}`, timeoutMs: 60_000, intervalMs: 100 },
      );
      expect(attempt).toEqual({
        status: null,
        error: 'refused: the host resolves to a private or reserved address',
      });
      expect(receiver.received).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
});
