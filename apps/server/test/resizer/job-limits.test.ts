import type { Prediction } from '@reframe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobQueue } from '../../src/adapters/queue/job-queue';
import { signUpVerified } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { photo } from './images';
import { creditsOf, pollUntilSettled, predictionBody, upload } from './resizer-client';

/** A queue whose worker is busy elsewhere: what is enqueued stays queued. */
function busyQueue(): JobQueue {
  return {
    kind: 'in-process',
    start: () => Promise.resolve(),
    enqueue: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
}

async function userIdOf(client: { get(path: string): Promise<{ json<T>(): T }> }) {
  return (await client.get('/api/me')).json<{ user: { id: string } }>().user.id;
}

describe('jobs a user may have at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { MAX_ACTIVE_JOBS_PER_USER: '3' },
      resizer: { queue: busyQueue() },
    });
  });
  afterAll(() => t.close());

  it('accepts 3 of 10 concurrent predictions, refuses the rest with 429, and charges only 3', async () => {
    const { client } = await signUpVerified(t);
    const original = await upload(t, client, await photo('coffee.png', 48));
    const userId = await userIdOf(client);
    await t.database.db
      .updateTable('user_profile')
      .set({ credits: 20 })
      .where('user_id', '=', userId)
      .execute();

    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        client.post('/api/replicate', predictionBody(original.id, '1:1')),
      ),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([202, 202, 202, ...Array<number>(7).fill(429)]);
    expect(responses.find((r) => r.statusCode === 429)!.json()).toEqual({
      code: 'TOO_MANY_ACTIVE_JOBS',
      message:
        'You already have the most images processing at once. Please wait for one to finish, then start the next.',
    });
    expect(await creditsOf(client)).toBe(17);
    const spends = await t.database.db
      .selectFrom('credit_ledger')
      .select('id')
      .where('user_id', '=', userId)
      .where('kind', '=', 'spend')
      .execute();
    expect(spends).toHaveLength(3);
  });

  it('counts each user on their own', async () => {
    const first = await signUpVerified(t);
    const second = await signUpVerified(t);
    const a = await upload(t, first.client, await photo('coffee.png', 32));
    const b = await upload(t, second.client, await photo('coffee.png', 32));
    for (let i = 0; i < 3; i++) {
      expect(
        (await first.client.post('/api/replicate', predictionBody(a.id, '16:9'))).statusCode,
      ).toBe(202);
    }
    const refused = await first.client.post('/api/replicate', predictionBody(a.id, '16:9'));
    expect(refused.statusCode).toBe(429);
    const other = await second.client.post('/api/replicate', predictionBody(b.id, '16:9'));
    expect(other.statusCode).toBe(202);
  });
});

describe('a user whose jobs keep timing out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { ENGINE_WORKERS: '1', JOB_TIMEOUTS_PER_HOUR: '2' },
      jobTimeoutMs: 5,
    });
  });
  afterAll(() => t.close());

  it('is refused further predictions (429, no credit spent) once 2 jobs timed out in the hour', async () => {
    const { client } = await signUpVerified(t);
    const original = await upload(t, client, await photo('astronaut.png', 900));
    for (let i = 0; i < 2; i++) {
      const accepted = await client.post('/api/replicate', predictionBody(original.id, '4:1'));
      expect(accepted.statusCode).toBe(202);
      const done = await pollUntilSettled(client, accepted.json<Prediction>().id);
      expect(done.error).toBe('The image took too long to process. Your credit was refunded.');
    }
    expect(await creditsOf(client)).toBe(5);

    const refused = await client.post('/api/replicate', predictionBody(original.id, '4:1'));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'JOBS_THROTTLED',
      message:
        'Several of your recent images took too long to process. Please wait a while before starting another.',
    });
    expect(await creditsOf(client)).toBe(5);
  });

  it('may start again once the time-outs are more than an hour old', async () => {
    const { client } = await signUpVerified(t);
    const original = await upload(t, client, await photo('astronaut.png', 900));
    for (let i = 0; i < 2; i++) {
      const accepted = await client.post('/api/replicate', predictionBody(original.id, '4:1'));
      await pollUntilSettled(client, accepted.json<Prediction>().id);
    }
    const userId = await userIdOf(client);
    await t.database.db
      .updateTable('prediction')
      .set({ settled_at: new Date(Date.now() - 61 * 60_000).toISOString() })
      .where('user_id', '=', userId)
      .execute();
    const accepted = await client.post('/api/replicate', predictionBody(original.id, '4:1'));
    expect(accepted.statusCode).toBe(202);
  });
});
