import type { HistoryPage } from '@reframe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from './helpers/accounts';
import { TestClient } from './helpers/client';
import { createTestApp, type TestApp } from './helpers/test-app';
import { photo } from './resizer/images';
import { pathOf, pollUntilSettled, predictionBody, upload } from './resizer/resizer-client';

describe('private responses are not cached', () => {
  let t: TestApp;
  let client: TestClient;
  let outputUrl: string;
  let originalUrl: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { ENGINE_WORKERS: '1' } });
    ({ client } = await signUpVerified(t));
    const original = await upload(t, client, await photo('chelsea.png', 64), 'cat.jpg');
    originalUrl = original.url;
    const accepted = await client.post('/api/replicate', predictionBody(original.id, '1:1'));
    expect(accepted.statusCode, accepted.body).toBe(202);
    const done = await pollUntilSettled(client, accepted.json<{ id: string }>().id);
    expect(done.status, done.error ?? '').toBe('succeeded');
    outputUrl = done.output!;
  });
  afterAll(() => t.close());

  it('answers every private API read with Cache-Control: no-store', async () => {
    const history = await client.get('/api/history');
    expect(history.json<HistoryPage>().items).toHaveLength(1);
    const responses = {
      me: await client.get('/api/me'),
      session: await client.get('/api/auth/get-session'),
      history,
      usage: await client.post('/api/callables/getUsageStats', { data: {} }),
      billing: await client.post('/api/callables/getStripeConfig', { data: {} }),
      notSignedIn: await new TestClient(t.app).get('/api/me'),
      encodedPath: await client.get('/%61pi/me'),
    };
    for (const [name, response] of Object.entries(responses)) {
      expect(response.headers['cache-control'], name).toBe('no-store');
    }
  });

  it('answers a prediction poll with no-store', async () => {
    const accepted = await client.post('/api/replicate', predictionBody(await uploadId(), '4:5'));
    const id = accepted.json<{ id: string }>().id;
    expect(accepted.headers['cache-control']).toBe('no-store');
    const poll = await client.get(`/api/replicate?endpoint=predictions/${id}`);
    expect(poll.statusCode).toBe(200);
    expect(poll.headers['cache-control']).toBe('no-store');
    await pollUntilSettled(client, id);
  });

  it('lets the browser keep a file briefly and privately, as a named download that runs nothing', async () => {
    const result = await client.get(pathOf(outputUrl));
    expect(result.statusCode).toBe(200);
    expect(result.headers['cache-control']).toBe('private, max-age=300');
    expect(result.headers['content-disposition']).toMatch(
      /^inline; filename="resized-\d+x\d+\.webp"$/,
    );
    const csp = String(result.headers['content-security-policy']);
    expect(csp).toContain('sandbox');
    expect(csp).toContain("default-src 'none'");

    const original = await client.get(pathOf(originalUrl));
    // The uploaded photo is a JPEG, stored as one: it downloads under its own extension.
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(original.headers['content-disposition']).toBe('inline; filename="original.jpg"');
    expect(original.headers['cache-control']).toBe('private, max-age=300');
  });

  async function uploadId(): Promise<string> {
    return (await upload(t, client, await photo('chelsea.png', 48), 'small.jpg')).id;
  }
});
