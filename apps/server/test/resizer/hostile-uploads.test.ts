import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { hostileBmp, hostilePng } from './hostile-images';
import { uploadRaw } from './resizer-client';

/**
 * Decoding happens on worker threads, so the API keeps answering while big uploads are taken
 * in. The bound is deliberately generous for a loaded 2-core runner (`npm run bench:uploads`
 * measures the real latencies: under 2 s at worst there, against 48 s before the fix, when
 * the 50 MP BMPs were decoded on the event loop five times each).
 */
const GENEROUS_LATENCY_MS = 5000;

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
    const latencies: number[] = [];
    while (pending > 0) {
      const started = performance.now();
      const [health, history] = await Promise.all([
        t.app.inject({ method: 'GET', url: '/api/health' }),
        reader.client.get('/api/history'),
      ]);
      latencies.push(performance.now() - started);
      expect(health.statusCode).toBe(200);
      expect(history.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    const responses = await Promise.all(uploads);
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201]);
    expect(latencies.length).toBeGreaterThan(1);
    expect(Math.max(...latencies)).toBeLessThan(GENEROUS_LATENCY_MS);
  }, 300_000);
});
