import type { Expansion } from '@reframe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_LANE_SLOTS } from '../../src/platform/jobs/job-catalogue';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { expertOwner, person, runOnePhoto } from '../helpers/team';
import { startSilentReceiver } from '../helpers/webhook-receiver';
import { photo } from '../resizer/images';
import { createKey, pollExpansion, postExpansion } from './api-client';

/**
 * Issue 39: webhook receivers that never answer starved everyone's results, as deliveries ran in
 * the engine's job slots ahead of image jobs. Here the engine runs one job at a time, and a
 * receiver holds every attempt until the app closes.
 */
describe('webhook deliveries to a receiver that never answers', () => {
  let t: TestApp;
  let silent: Awaited<ReturnType<typeof startSilentReceiver>>;
  beforeAll(async () => {
    silent = await startSilentReceiver();
    t = await createTestApp({
      // The held attempts are aborted at close, without waiting for them.
      env: { SHUTDOWN_GRACE_SECONDS: '1' },
      jobWorkers: 1,
      webhooks: { attemptTimeoutMs: 10 * 60_000 },
    });
  });
  afterAll(async () => {
    await t.close();
    await silent.close();
  });

  // Seven image jobs on one engine worker: a loaded machine gets the time it needs.
  it(
    "never hold up another user's image job: it finishes while every delivery is pending",
    { timeout: 240_000 },
    async () => {
      const attacker = await expertOwner(t, 'Sid Silent');
      const { secret } = await createKey(attacker.client);
      const image = {
        bytes: await photo('chelsea.png', 48),
        filename: 'a.jpg',
        contentType: 'image/jpeg',
      };
      const expansions = WEBHOOK_LANE_SLOTS + 2;
      for (let n = 0; n < expansions; n++) {
        const posted = await postExpansion(t, secret, {
          image,
          fields: [
            ['ratio', '16:9'],
            ['webhook_url', silent.url],
          ],
        });
        expect(posted.statusCode, posted.body).toBe(202);
        const settled = await pollExpansion(t, secret, posted.json<Expansion>().id);
        expect(settled.status).toBe('succeeded');
      }
      await silent.untilHolding(WEBHOOK_LANE_SLOTS);

      const victim = await person(t, 'Vera Victim');
      await runOnePhoto(t, victim, 'victim.jpg');

      const deliveries = await t.database.db
        .selectFrom('api_webhook_delivery')
        .select(['attempts', 'delivered_at', 'gave_up_at'])
        .where('account_user_id', '=', attacker.userId)
        .execute();
      expect(deliveries).toHaveLength(expansions);
      for (const delivery of deliveries) {
        expect(delivery).toMatchObject({ delivered_at: null, gave_up_at: null });
      }
      const finished = await t.database.db.selectFrom('api_webhook_attempt').selectAll().execute();
      expect(finished).toEqual([]);
      expect(silent.held()).toBe(WEBHOOK_LANE_SLOTS);
    },
  );
});
