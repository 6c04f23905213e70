import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  computeCanvas,
  type HistoryItem,
  type HistoryPage,
  type Prediction,
} from '@reframe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from '../helpers/accounts';
import type { TestClient } from '../helpers/client';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { photo } from './images';
import { creditsOf, pathOf, pollUntilSettled, predictionBody, upload } from './resizer-client';

/** Issue 16: every version of a ratio is kept in history, and a run can be deleted. */
describe('history versions and deletion', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ENGINE_WORKERS: '2' } });
  });
  afterAll(() => t.close());

  async function run(client: TestClient, uploadId: string, ratio: string, regenerate = false) {
    const response = await client.post(
      '/api/replicate',
      predictionBody(uploadId, ratio, regenerate),
    );
    expect(response.statusCode, response.body).toBe(202);
    const settled = await pollUntilSettled(client, response.json<Prediction>().id);
    expect(settled.status).toBe('succeeded');
    return settled;
  }

  async function onlyItem(client: TestClient): Promise<HistoryItem> {
    const page = (await client.get('/api/history')).json<HistoryPage>();
    expect(page.items).toHaveLength(1);
    return page.items[0]!;
  }

  async function storedBytes(userId: string): Promise<number> {
    const row = await t.database.db
      .selectFrom('upload_quota')
      .select('stored_bytes')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.stored_bytes ?? 0);
  }

  it('keeps every version of a ratio, and one retried ratio costs one credit', async () => {
    const { client } = await signUpVerified(t);
    const original = await upload(t, client, await photo('coffee.png', 48));
    const square = await run(client, original.id, '1:1');
    await run(client, original.id, '16:9');
    expect(await creditsOf(client)).toBe(3);

    // Retrying (or regenerating) one ratio is one prediction: one credit, nothing else re-runs.
    const second = await run(client, original.id, '1:1', true);
    expect(await creditsOf(client)).toBe(2);

    const item = await onlyItem(client);
    expect(item.uploadId).toBe(original.id);
    expect(item.versions['1:1']?.map((version) => version.id)).toEqual([square.id, second.id]);
    expect(item.versions['1:1']?.map((version) => version.url)).toEqual([
      square.output,
      second.output,
    ]);
    expect(item.versions['16:9']).toHaveLength(1);
    const { width, height } = computeCanvas(original.width, original.height, 16 / 9);
    expect(item.versions['16:9']?.[0]).toMatchObject({ width, height });
    expect(item.resizedImages['1:1']).toBe(second.output);
    // The first version's file is still served: history keeps it.
    expect((await client.get(pathOf(square.output!))).statusCode).toBe(200);
  });

  it("answers 404 for another user's run and deletes nothing", async () => {
    const owner = await signUpVerified(t);
    const original = await upload(t, owner.client, await photo('coffee.png', 48));
    const result = await run(owner.client, original.id, '1:1');
    const item = await onlyItem(owner.client);

    const stranger = await signUpVerified(t);
    const response = await stranger.client.delete(`/api/history/${item.id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    expect((await owner.client.get(`/api/history/${item.id}`)).statusCode).toBe(200);
    expect((await owner.client.get(pathOf(result.output!))).statusCode).toBe(200);
  });

  it('deletes a run with its original and every version, and frees their storage', async () => {
    const { client } = await signUpVerified(t);
    const me = (await client.get('/api/me')).json<{ user: { id: string } }>();
    const original = await upload(t, client, await photo('coffee.png', 48));
    const first = await run(client, original.id, '1:1');
    const second = await run(client, original.id, '1:1', true);
    const item = await onlyItem(client);
    expect(await storedBytes(me.user.id)).toBeGreaterThan(0);
    const files = [original.url, first.output!, second.output!].map(pathOf);
    const onDisk = files.map((path) =>
      join(t.config.resizer.storage.dir, decodeURIComponent(path.slice('/api/files/'.length))),
    );
    expect(onDisk.every((file) => existsSync(file))).toBe(true);

    const response = await client.delete(`/api/history/${item.id}`);
    expect(response.statusCode).toBe(204);

    expect((await client.get('/api/history')).json<HistoryPage>().items).toEqual([]);
    expect((await client.get(`/api/history/${item.id}`)).statusCode).toBe(404);
    for (const path of files) expect((await client.get(path)).statusCode).toBe(404);
    expect(onDisk.some((file) => existsSync(file))).toBe(false);
    expect(await storedBytes(me.user.id)).toBe(0);
    expect((await client.delete(`/api/history/${item.id}`)).statusCode).toBe(404);
  });

  it('refuses to delete a run whose image is still processing (409), keeping it', async () => {
    const { client } = await signUpVerified(t);
    const me = (await client.get('/api/me')).json<{ user: { id: string } }>();
    const original = await upload(t, client, await photo('coffee.png', 48));
    await run(client, original.id, '1:1');
    const item = await onlyItem(client);
    // A job still queued for this run, as a second tab's regeneration would leave it.
    await t.database.db
      .insertInto('prediction')
      .values({
        id: 'queued-regeneration',
        user_id: me.user.id,
        upload_id: original.id,
        aspect_ratio: '1:1',
        alignment: 'center',
        width: 48,
        height: 48,
        seed: 1,
        regenerate: 1,
        status: 'starting',
        error: null,
        output_key: null,
        spend_key: 'prediction:queued-regeneration',
        attempts: 0,
        created_at: new Date().toISOString(),
        started_at: null,
        settled_at: null,
        provider: null,
        remote_id: null,
        remote_status: null,
        remote_output: null,
        remote_error: null,
      })
      .execute();

    const response = await client.delete(`/api/history/${item.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'RUN_IN_PROGRESS',
      message: 'This run still has images processing. Please wait for them to finish.',
    });
    expect((await client.get(`/api/history/${item.id}`)).statusCode).toBe(200);
  });
});
