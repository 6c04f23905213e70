import { randomUUID } from 'node:crypto';
import type { HistoryItem, HistoryPage } from '@reframe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureHistoryRecord, setHistoryImage } from '../../src/resizer/history/history.repo';
import { insertPrediction } from '../../src/resizer/predictions/predictions.repo';
import { signUpVerified } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';

describe('GET /api/history', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /**
   * Records as the jobs write them, one a minute apart, without running 45 jobs. `keyNames[i]`:
   * run i's predictions as a run made with that API key writes them, then the same photo run
   * again in the app.
   */
  async function seedRuns(userId: string, count: number, keyNames: readonly string[] = []) {
    const start = Date.parse('2026-01-01T00:00:00.000Z');
    for (let i = 0; i < count; i++) {
      const at = new Date(start + i * 60_000);
      const uploadId = randomUUID();
      await t.database.db
        .insertInto('upload')
        .values({
          id: uploadId,
          user_id: userId,
          storage_key: `users/${userId}/original/${at.getTime()}`,
          filename: `run-${i}.jpg`,
          width: 10,
          height: 10,
          created_at: at.toISOString(),
        })
        .execute();
      const keyName = keyNames[i];
      for (const apiKeyName of keyName ? [keyName, null] : []) {
        const id = randomUUID();
        await insertPrediction(t.database.db, {
          id,
          user_id: userId,
          upload_id: uploadId,
          aspect_ratio: '1:1',
          alignment: 'center',
          framing: 'keep',
          style: 'natural',
          canvas: null,
          width: 13,
          height: 13,
          seed: 1,
          regenerate: apiKeyName ? 0 : 1,
          status: 'starting',
          error: null,
          output_key: null,
          spend_key: `prediction:${id}`,
          run_id: randomUUID(),
          queued_at: null,
          created_at: at.toISOString(),
          api_key_name: apiKeyName,
        });
      }
      const historyId = await ensureHistoryRecord(t.database.db, {
        id: randomUUID(),
        user_id: userId,
        upload_id: uploadId,
        original_key: `users/${userId}/original/${at.getTime()}`,
        original_filename: `run-${i}.jpg`,
        created_at: at.toISOString(),
      });
      await setHistoryImage(
        t.database.db,
        {
          historyId,
          aspectRatio: '1:1',
          storageKey: `users/${userId}/resized/13x13/${at.getTime()}`,
          provider: 'engine',
          model: null,
          alignment: 'center',
          width: 13,
          height: 13,
        },
        at,
      );
    }
  }

  it('pages 20 records at a time, newest first, with a cursor to the next page', async () => {
    const { client } = await signUpVerified(t);
    const me = (await client.get('/api/me')).json<{ user: { id: string } }>();
    await seedRuns(me.user.id, 45);

    const seen: string[] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    do {
      const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}&limit=20` : '';
      const response = await client.get(`/api/history${query}`);
      expect(response.statusCode).toBe(200);
      const page = response.json<HistoryPage>();
      sizes.push(page.items.length);
      seen.push(...page.items.map((item) => item.originalFilename));
      cursor = page.nextCursor;
    } while (cursor);

    expect(sizes).toEqual([20, 20, 5]);
    expect(seen).toEqual(Array.from({ length: 45 }, (_, i) => `run-${44 - i}.jpg`));
  });

  it('names the API key a run was made with, and none for a run made in the app', async () => {
    const { client } = await signUpVerified(t);
    const me = (await client.get('/api/me')).json<{ user: { id: string } }>();
    await seedRuns(me.user.id, 2, ['Shop sync']);

    const page = (await client.get('/api/history')).json<HistoryPage>();
    expect(page.items.map((item) => [item.originalFilename, item.apiKeyName])).toEqual([
      ['run-1.jpg', null],
      ['run-0.jpg', 'Shop sync'],
    ]);
    const record = (await client.get(`/api/history/${page.items[1]?.id}`)).json<HistoryItem>();
    expect(record.apiKeyName).toBe('Shop sync');
  });

  it('refuses a malformed cursor with 400', async () => {
    const { client } = await signUpVerified(t);
    const response = await client.get('/api/history?cursor=nonsense');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_REQUEST' });
  });

  it('answers 404 for an id that is not a record', async () => {
    const { client } = await signUpVerified(t);
    expect((await client.get(`/api/history/${randomUUID()}`)).statusCode).toBe(404);
  });
});
