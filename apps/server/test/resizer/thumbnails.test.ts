import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fixtureImage } from '@reframe/fixtures';
import {
  pngUrl,
  thumbnailUrl,
  type HistoryItem,
  type HistoryPage,
  type Prediction,
} from '@reframe/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from '../../src/adapters/storage/disk-storage';
import type { Storage } from '../../src/adapters/storage/storage';
import { thumbnailKey } from '../../src/resizer/files/storage-keys';
import { signUpVerified } from '../helpers/accounts';
import type { TestClient } from '../helpers/client';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { drawnPhoto } from './images';
import { pathOf, pollUntilSettled, predictionBody, upload } from './resizer-client';

const RATIOS = ['16:9', '9:16', '1:1'] as const;
const PAGE_BUDGET_BYTES = 3 * 1024 * 1024;

/**
 * A real photo as a JPEG, 640 px wide: larger than the 600 px preview and the 240 px thumbnail
 * made from it, so those are as large as they are for any bigger upload, while the engine makes
 * its three results in a fraction of a full-size photo's time.
 */
async function realisticPhoto(): Promise<Uint8Array> {
  const bytes = await readFile(fixtureImage('hubble_deep_field.jpg'));
  return new Uint8Array(await sharp(bytes).resize(640).jpeg({ quality: 90 }).toBuffer());
}

async function userIdOf(client: TestClient): Promise<string> {
  return (await client.get('/api/me')).json<{ user: { id: string } }>().user.id;
}

/** A run with a result for each ratio, made by the real jobs; returns its history item. */
async function madeRun(t: TestApp, client: TestClient, photo: Uint8Array, ratios: string[]) {
  const original = await upload(t, client, photo);
  for (const ratio of ratios) {
    const started = await client.post('/api/replicate', predictionBody(original.id, ratio));
    expect(started.statusCode, started.body).toBe(202);
    const done = await pollUntilSettled(client, started.json<Prediction>().id, 120_000);
    expect(done.status, done.error ?? '').toBe('succeeded');
  }
  const page = (await client.get('/api/history')).json<HistoryPage>();
  const item = page.items.find((entry) => entry.uploadId === original.id);
  expect(item).toBeDefined();
  return item!;
}

/**
 * Copies a run's rows (not its files) `count` times, as if the user had made it again: the
 * history page then lists the same files once per run, and a browser fetches each of them.
 */
async function repeatRun(t: TestApp, uploadId: string, count: number) {
  const db = t.database.db;
  const upload = await db
    .selectFrom('upload')
    .selectAll()
    .where('id', '=', uploadId)
    .executeTakeFirstOrThrow();
  const record = await db
    .selectFrom('history_record')
    .selectAll()
    .where('upload_id', '=', uploadId)
    .executeTakeFirstOrThrow();
  const images = await db
    .selectFrom('history_image')
    .selectAll()
    .where('history_id', '=', record.id)
    .execute();
  const predictions = await db
    .selectFrom('prediction')
    .selectAll()
    .where('upload_id', '=', uploadId)
    .execute();
  for (let i = 0; i < count; i++) {
    const copyId = randomUUID();
    const historyId = randomUUID();
    const now = new Date().toISOString();
    await db
      .insertInto('upload')
      .values({ ...upload, id: copyId, created_at: now })
      .execute();
    await db
      .insertInto('history_record')
      .values({ ...record, id: historyId, upload_id: copyId, created_at: now })
      .execute();
    for (const image of images) {
      await db
        .insertInto('history_image')
        .values({ ...image, history_id: historyId, updated_at: now })
        .execute();
    }
    for (const prediction of predictions) {
      await db
        .insertInto('prediction')
        .values({
          ...prediction,
          id: randomUUID(),
          upload_id: copyId,
          spend_key: randomUUID(),
          created_at: now,
          started_at: now,
          settled_at: now,
          queued_at: now,
        })
        .execute();
    }
  }
}

/** The images the History screen draws for a run: its original's preview and each version's thumb. */
function pageImageUrls(item: HistoryItem): string[] {
  const versions = Object.values(item.versions).flat();
  return [
    thumbnailUrl(item.originalImage, 'preview'),
    ...versions.map((version) => thumbnailUrl(version.url, 'thumb')),
  ];
}

function storageKeyOf(url: string): string {
  return pathOf(url).slice('/api/files/'.length);
}

describe('thumbnails and compact results', () => {
  let t: TestApp;
  let storage: Storage;
  let owner: TestClient;
  let run: HistoryItem;
  beforeAll(async () => {
    // Jobs of this size take seconds; a machine busy with other work must not time them out.
    t = await createTestApp({ env: { JOB_TIMEOUT_SECONDS: '600' } });
    storage = createDiskStorage(t.config.resizer.storage.dir);
    owner = (await signUpVerified(t)).client;
    run = await madeRun(t, owner, await realisticPhoto(), [...RATIOS]);
  }, 600_000);
  afterAll(() => t.close());

  it('moves at most 3 MB for the images of a history page of 20 runs of 3 results', async () => {
    await repeatRun(t, run.uploadId, 19);
    const page = (await owner.get('/api/history?limit=20')).json<HistoryPage>();
    expect(page.items).toHaveLength(20);

    let bytes = 0;
    let images = 0;
    for (const item of page.items) {
      for (const url of pageImageUrls(item)) {
        const response = await owner.get(pathOf(url));
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type']).toBe('image/webp');
        bytes += response.rawPayload.byteLength;
        images += 1;
      }
    }

    expect(images).toBe(20 * (1 + RATIOS.length));
    expect(bytes).toBeLessThanOrEqual(PAGE_BUDGET_BYTES);
  });

  it('makes thumbnails about twice the size they are drawn at', async () => {
    const [version] = Object.values(run.versions).flat();
    const thumb = await owner.get(pathOf(thumbnailUrl(version!.url, 'thumb')));
    const preview = await owner.get(pathOf(thumbnailUrl(run.originalImage, 'preview')));
    const longest = async (bytes: Buffer) => {
      const { width, height } = await sharp(bytes).metadata();
      return Math.max(width, height);
    };

    expect(await longest(thumb.rawPayload)).toBe(240);
    expect(await longest(preview.rawPayload)).toBe(600);
  });

  it('stores each result as lossless WebP, and downloads it as the same pixels in a PNG', async () => {
    for (const version of Object.values(run.versions).flat()) {
      const stored = await owner.get(pathOf(version.url));
      const download = await owner.get(pathOf(pngUrl(version.url)));

      expect(stored.headers['content-type']).toBe('image/webp');
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('image/png');
      expect(download.headers['content-disposition']).toBe(
        `inline; filename="resized-${version.width}x${version.height}.png"`,
      );
      const png = await sharp(download.rawPayload).raw().toBuffer({ resolveWithObject: true });
      const webp = await sharp(stored.rawPayload).raw().toBuffer({ resolveWithObject: true });
      expect((await sharp(download.rawPayload).metadata()).format).toBe('png');
      expect([png.info.width, png.info.height]).toEqual([version.width, version.height]);
      expect(png.data.equals(webp.data)).toBe(true);
      expect(stored.rawPayload.byteLength).toBeLessThan(download.rawPayload.byteLength);
    }
  });

  it('downloads the original as original.png', async () => {
    const download = await owner.get(pathOf(pngUrl(run.originalImage)));

    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toBe('inline; filename="original.png"');
    const { width, height } = await sharp(download.rawPayload).metadata();
    expect([width, height]).toEqual([640, 558]);
  });

  it("answers 404 for another user's thumbnail, by its variant or by its own key", async () => {
    const stranger = (await signUpVerified(t)).client;
    const [version] = Object.values(run.versions).flat();
    const ownKey = thumbnailKey(storageKeyOf(version!.url), 'thumb');

    const answers = await Promise.all([
      stranger.get(pathOf(thumbnailUrl(version!.url, 'thumb'))),
      stranger.get(pathOf(thumbnailUrl(run.originalImage, 'preview'))),
      stranger.get(`/api/files/${ownKey}`),
      stranger.get(pathOf(pngUrl(version!.url))),
    ]);

    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404, 404]);
    expect((await owner.get(`/api/files/${ownKey}`)).statusCode).toBe(200);
  });

  it('deletes the thumbnails with their run', async () => {
    const { client } = await signUpVerified(t);
    const doomed = await madeRun(t, client, await drawnPhoto(), ['1:1']);
    const files = [
      doomed.originalImage,
      ...Object.values(doomed.versions)
        .flat()
        .map((v) => v.url),
    ];
    const thumbnails = files.flatMap((url) =>
      (['thumb', 'preview'] as const).map((size) => thumbnailKey(storageKeyOf(url), size)),
    );
    for (const key of thumbnails) expect(await storage.read(key), key).not.toBeNull();

    expect((await client.delete(`/api/history/${doomed.id}`)).statusCode).toBe(204);

    for (const key of thumbnails) expect(await storage.read(key), key).toBeNull();
    const answer = await client.get(pathOf(thumbnailUrl(files[0]!, 'thumb')));
    expect(answer.statusCode).toBe(404);
  });

  it('serves results stored as PNG before thumbnails: the file itself, and as the PNG download', async () => {
    const { client } = await signUpVerified(t);
    const userId = await userIdOf(client);
    const png = new Uint8Array(
      await sharp({ create: { width: 48, height: 27, channels: 3, background: '#3a6' } })
        .png()
        .toBuffer(),
    );
    const key = `users/${userId}/resized/48x27/1700000000000`;
    await storage.create(key, png);

    const thumb = await client.get(`/api/files/${key}?size=thumb`);
    const download = await client.get(`/api/files/${key}?format=png`);

    for (const answer of [thumb, download]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('image/png');
      expect(Buffer.from(png).equals(answer.rawPayload)).toBe(true);
    }
  });

  it('refuses an unknown thumbnail size or format with 400', async () => {
    const answers = await Promise.all([
      owner.get(`${pathOf(run.originalImage)}?size=huge`),
      owner.get(`${pathOf(run.originalImage)}?format=gif`),
    ]);

    expect(answers.map((answer) => answer.statusCode)).toEqual([400, 400]);
  });
});
