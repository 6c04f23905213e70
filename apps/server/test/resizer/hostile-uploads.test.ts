import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { hostileBmp, hostilePng } from './hostile-images';
import { uploadRaw } from './resizer-client';

/**
 * Decoding happens on worker threads, so the API keeps answering while big uploads are taken
 * in. How fast it answers meanwhile is measured by `npm run bench:uploads`, not asserted here.
 */
describe('hostile uploads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('leave health and history answering while four 50 MP uploads are decoded', async () => {
    // Two attackers, each at the per-user cap of uploads read at once (2).
    const attackers = [await signUpVerified(t), await signUpVerified(t)];
    const reader = await signUpVerified(t);
    const bmp = hostileBmp();
    const png = await hostilePng();
    const files = [bmp, png, bmp, png].map((bytes, index) => ({
      bytes,
      filename: index % 2 === 0 ? 'big.bmp' : 'big.png',
      contentType: index % 2 === 0 ? 'image/bmp' : 'image/png',
    }));

    let pending = files.length;
    const uploads = files.map((file, index) =>
      uploadRaw(t, attackers[index % 2]!.client, [file]).finally(() => {
        pending -= 1;
      }),
    );
    // Health and history are asked again as each answer comes, until the last upload is in;
    // the rounds answered while all four were still being taken in are counted.
    let roundsWhileAllPending = 0;
    while (pending > 0) {
      const allPending = pending === files.length;
      const [health, history] = await Promise.all([
        t.app.inject({ method: 'GET', url: '/api/health' }),
        reader.client.get('/api/history'),
      ]);
      expect(health.statusCode).toBe(200);
      expect(history.statusCode).toBe(200);
      if (allPending && pending === files.length) roundsWhileAllPending += 1;
    }

    const responses = await Promise.all(uploads);
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201]);
    expect(roundsWhileAllPending).toBeGreaterThan(1);
  }, 300_000);
});
