import type { Prediction } from '@reframe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { drawnPhoto } from './images';
import { creditsOf, pollUntilSettled, predictionBody, upload } from './resizer-client';

describe('one output, however its ratio is spelt', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses "1:1", "1.0:1" and " 1:1" in one run as the same output twice, spending nothing', async () => {
    const { client } = await signUpVerified(t);
    const original = await upload(t, client, await drawnPhoto());
    const credits = await creditsOf(client);

    const response = await client.post('/api/runs', {
      upload_ids: [original.id],
      outputs: [{ aspect_ratio: '1:1' }, { aspect_ratio: '1.0:1' }, { aspect_ratio: ' 1:1' }],
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_REQUEST' });
    expect(await creditsOf(client)).toBe(credits);
  });

  it('stores " 1.0:1" in history as "1:1"', async () => {
    const { client } = await signUpVerified(t);
    const original = await upload(t, client, await drawnPhoto());

    const started = await client.post('/api/replicate', predictionBody(original.id, ' 1.0:1'));
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json<Prediction>().aspect_ratio).toBe('1:1');
    expect((await pollUntilSettled(client, started.json<Prediction>().id)).status).toBe(
      'succeeded',
    );

    const history = (await client.get('/api/history')).json<{
      items: { resizedImages: Record<string, string> }[];
    }>();
    expect(Object.keys(history.items[0]?.resizedImages ?? {})).toEqual(['1:1']);
  });
});
