import type { Prediction } from '@reframe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPredictionWatch } from '../../src/resizer/predictions/prediction-watch';
import { signUpVerified } from '../helpers/accounts';
import { waitFor } from '../helpers/poll';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { photo } from './images';
import { predictionBody, upload } from './resizer-client';
import { gatedEngine } from '../helpers/gated-engine';

describe('a poll of a running prediction', () => {
  const watch = createPredictionWatch();
  const { engine, open } = gatedEngine();
  let t: TestApp;
  beforeAll(async () => {
    // Held far longer than this test may take: only the job settling can answer the poll.
    t = await createTestApp({ resizer: { engine, watch, pollHoldMs: 10 * 60_000 } });
  });
  afterAll(() => t.close());

  it('is answered with the result as soon as the job stores it', async () => {
    const { client } = await signUpVerified(t);
    const original = await upload(t, client, await photo('coffee.png', 48));
    const started = await client.post('/api/replicate', predictionBody(original.id, '16:9'));
    expect(started.statusCode).toBe(202);
    const { id } = started.json<Prediction>();

    const poll = client.get(`/api/replicate?endpoint=predictions/${id}`);
    await waitFor(() => watch.waiting() > 0, {
      what: 'the poll to be held',
      timeoutMs: 30_000,
      intervalMs: 5,
    });
    open();

    const answer = await poll;
    expect(answer.statusCode).toBe(200);
    expect(answer.json<Prediction>()).toMatchObject({ id, status: 'succeeded', error: null });
    expect(answer.json<Prediction>().output).toMatch(/^http:\/\/localhost:3000\/api\/files\//);
    expect(watch.waiting()).toBe(0);
  });

  it('answers a settled prediction at once, without holding it', async () => {
    const { client } = await signUpVerified(t);
    const original = await upload(t, client, await photo('coffee.png', 48));
    const started = await client.post('/api/replicate', predictionBody(original.id, '1:1'));
    const { id } = started.json<Prediction>();
    const first = await client.get(`/api/replicate?endpoint=predictions/${id}`);
    expect(first.json<Prediction>().status).toBe('succeeded');
    const again = await client.get(`/api/replicate?endpoint=predictions/${id}`);
    expect(again.json<Prediction>().status).toBe('succeeded');
    expect(watch.waiting()).toBe(0);
  });
});
