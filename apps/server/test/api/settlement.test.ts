import { errorMessages, type Expansion } from '@reframe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SettledTarget } from '../../src/api/expansions.service';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { creditsOfUser, expertOwner } from '../helpers/team';
import { photo } from '../resizer/images';
import { createKey, postExpansion, v1 } from './api-client';

/**
 * Every job here times out (5 ms), so each output fails and is refunded: what a revoked key and
 * two outputs settling side by side must leave is one settlement, one webhook hand-off and every
 * credit back.
 */
describe('settling an expansion (issue 30)', () => {
  let t: TestApp;
  const settled: { expansion: Expansion; target: SettledTarget }[] = [];
  const waiting = new Map<string, () => void>();
  const settledOnce = (id: string) =>
    new Promise<void>((resolve) => {
      if (settled.some((call) => call.expansion.id === id)) resolve();
      else waiting.set(id, resolve);
    });

  beforeAll(async () => {
    t = await createTestApp({
      env: { ENGINE_WORKERS: '2', JOB_TIMEOUTS_PER_HOUR: '100' },
      jobTimeoutMs: 5,
      api: {
        onExpansionSettled: (expansion, target) => {
          settled.push({ expansion, target });
          waiting.get(expansion.id)?.();
          return Promise.resolve();
        },
      },
    });
  });
  afterAll(() => t.close());

  it('settles once, refunds every failed output and hands the webhook over, though the key was revoked mid-run', async () => {
    const owner = await expertOwner(t);
    const { key, secret } = await createKey(owner.client);
    const reader = await createKey(owner.client, 'live', 'Reader');
    const posted = await postExpansion(t, secret, {
      image: { bytes: await photo('coffee.png', 64), filename: 'c.jpg', contentType: 'image/jpeg' },
      fields: [
        ['ratio', '16:9'],
        ['ratio', '9:16'],
        ['webhook_url', 'https://hooks.example.com/reframe'],
      ],
    });
    expect(posted.statusCode, posted.body).toBe(202);
    expect(posted.headers['x-credits-charged']).toBe('2');
    const id = posted.json<Expansion>().id;
    expect((await owner.client.delete(`/api/api-keys/${key.id}`)).statusCode).toBe(204);

    await settledOnce(id);
    const final = await v1(t, 'GET', `/v1/expansions/${id}`, { secret: reader.secret });
    const expansion = final.json<Expansion>();
    expect(expansion.status).toBe('failed');
    expect(expansion.settled_at).not.toBeNull();
    expect(expansion.credits_charged).toBe(0);
    for (const output of expansion.outputs) {
      expect(output).toMatchObject({
        status: 'failed',
        url: null,
        error: { code: 'output_failed', message: errorMessages.JOB_TIMED_OUT },
      });
    }
    expect(await creditsOfUser(t, owner.userId)).toBe(175);
    const calls = settled.filter((call) => call.expansion.id === id);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.target).toEqual({
      accountUserId: owner.userId,
      webhookUrl: 'https://hooks.example.com/reframe',
    });
    expect(calls[0]?.expansion).toMatchObject({
      status: 'failed',
      settled_at: expansion.settled_at,
    });
  });
});
