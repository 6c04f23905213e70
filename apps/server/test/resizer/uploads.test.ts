import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { fixtureImage } from '@reframe/fixtures';
import { MAX_UPLOAD_BYTES } from '@reframe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { animated, hollowJpeg, hollowWebp, photo, pngBomb, sizeOf, sliverPng, SVG } from './images';
import { creditsOf, pathOf, upload, uploadRaw, type FilePart } from './resizer-client';

function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

describe('POST /api/uploads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('stores small lossless uploads as PNG and lossy ones as JPEG, served with their type', async () => {
    const { client } = await signUpVerified(t);
    const stored = { jpeg: 'jpeg', png: 'png', webp: 'jpeg', bmp: 'png' } as const;
    for (const format of ['jpeg', 'png', 'webp', 'bmp'] as const) {
      const bytes = await photo('astronaut.png', 40, format);
      const result = await upload(t, client, bytes, `a.${format}`, `image/${format}`);
      expect(result).toMatchObject({ width: 40, height: 40, originalRatio: 1 });
      const file = await client.get(pathOf(result.url));
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe(`image/${stored[format]}`);
      expect(await sizeOf(file.rawPayload)).toEqual({
        width: 40,
        height: 40,
        format: stored[format],
      });
    }
  });

  it('accepts a GIF as the brief does, an animated one as its first frame (issue 16)', async () => {
    const { client } = await signUpVerified(t);
    const result = await upload(t, client, await animated('gif'), 'anim.gif', 'image/gif');
    expect(result).toMatchObject({ width: 16, height: 16, filename: 'anim.gif' });
    const file = await client.get(pathOf(result.url));
    expect(file.headers['content-type']).toBe('image/png');
    const { data } = await sharp(file.rawPayload).raw().toBuffer({ resolveWithObject: true });
    // The first frame is black, the second red.
    expect(data[0]).toBeLessThan(50);
  });

  it('accepts an iPhone HEIC photo, with or without its type, and stores it as a JPEG (issue 41)', async () => {
    const { client } = await signUpVerified(t);
    const bytes = new Uint8Array(await readFile(fixtureImage('coffee.heic')));
    for (const contentType of ['image/heic', 'application/octet-stream']) {
      const result = await upload(t, client, bytes, 'IMG_0001.HEIC', contentType);
      expect(result).toMatchObject({ width: 600, height: 400, filename: 'IMG_0001.HEIC' });
      const file = await client.get(pathOf(result.url));
      expect(file.headers['content-type']).toBe('image/jpeg');
      expect(await sizeOf(file.rawPayload)).toEqual({ width: 600, height: 400, format: 'jpeg' });
    }
  });

  it('names HEIC when a HEIC photo cannot be decoded (issue 41)', async () => {
    const { client } = await signUpVerified(t);
    const bytes = new Uint8Array(await readFile(fixtureImage('coffee.heic')));
    bytes.fill(0, Buffer.from(bytes).indexOf('mdat') + 4);
    const response = await uploadRaw(t, client, [
      { bytes, filename: 'IMG_0002.HEIC', contentType: 'image/heic' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'UPLOAD_HEIC_UNREADABLE',
      message: 'HEIC photos are not supported yet: export as JPEG',
    });
  });

  it('stores a large photo compactly, not as a PNG many times its size', async () => {
    const { client } = await signUpVerified(t);
    const bytes = await photo('hubble_deep_field.jpg', 3000, 'jpeg');
    const result = await upload(t, client, bytes);
    const file = await client.get(pathOf(result.url));
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.rawPayload.length).toBeLessThan(bytes.length * 2);
  });

  it('keeps the name "unknown" when the file has none', async () => {
    const { client } = await signUpVerified(t);
    const result = await upload(t, client, await photo('coffee.png', 32), '', 'image/jpeg');
    expect(result.filename).toBe('unknown');
  });

  const invalidType = {
    code: 'INVALID_FILE_TYPE',
    message: 'Invalid file type. Please upload an image file.',
  };
  const cases: { name: string; part: () => Promise<FilePart>; status: number; body: object }[] = [
    {
      name: 'a text file',
      part: () =>
        Promise.resolve({
          bytes: new TextEncoder().encode('hello'),
          filename: 'notes.txt',
          contentType: 'text/plain',
        }),
      status: 400,
      body: invalidType,
    },
    {
      name: 'a text file renamed to .jpg',
      part: () =>
        Promise.resolve({
          bytes: new TextEncoder().encode('not an image at all'),
          filename: 'photo.jpg',
          contentType: 'image/jpeg',
        }),
      status: 400,
      body: invalidType,
    },
    {
      name: 'an SVG',
      part: () =>
        Promise.resolve({ bytes: SVG, filename: 'logo.svg', contentType: 'image/svg+xml' }),
      status: 400,
      body: invalidType,
    },
    {
      name: 'a truncated JPEG',
      part: async () => {
        const bytes = await photo('chelsea.png', 200, 'jpeg');
        return {
          bytes: bytes.subarray(0, Math.floor(bytes.length / 2)),
          filename: 'cut.jpg',
          contentType: 'image/jpeg',
        };
      },
      status: 400,
      body: {
        code: 'UPLOAD_TRUNCATED',
        message: 'Upload failed: The image is truncated or corrupt',
      },
    },
    {
      name: 'an empty file',
      part: () =>
        Promise.resolve({
          bytes: new Uint8Array(),
          filename: 'empty.png',
          contentType: 'image/png',
        }),
      status: 400,
      body: { code: 'UPLOAD_EMPTY', message: 'Upload failed: The file is empty' },
    },
    {
      name: 'a file of 10 MB + 1 byte',
      part: async () => {
        const head = await photo('chelsea.png', 64, 'png');
        const bytes = new Uint8Array(MAX_UPLOAD_BYTES + 1);
        bytes.set(head);
        return { bytes, filename: 'big.png', contentType: 'image/png' };
      },
      status: 413,
      body: { code: 'UPLOAD_TOO_LARGE', message: 'Upload failed: The file is larger than 10MB' },
    },
    {
      name: 'a decompression bomb',
      part: async () => ({
        bytes: await pngBomb(),
        filename: 'bomb.png',
        contentType: 'image/png',
      }),
      status: 400,
      body: {
        code: 'UPLOAD_TOO_MANY_PIXELS',
        message: 'Upload failed: The image is too large (at most 50 megapixels)',
      },
    },
    {
      name: 'a 38-byte WebP that claims 7071 x 7071 pixels',
      part: () =>
        Promise.resolve({ bytes: hollowWebp(7071), filename: 'x.webp', contentType: 'image/webp' }),
      status: 400,
      body: {
        code: 'UPLOAD_TOO_COSTLY',
        message:
          'Upload failed: The image is too large to process in this format. Please upload a smaller image, or a JPG or PNG',
      },
    },
    {
      name: 'a JPEG whose header claims 7000 x 7000 but holds half a megapixel',
      part: async () => ({
        bytes: await hollowJpeg(),
        filename: 'x.jpg',
        contentType: 'image/jpeg',
      }),
      status: 400,
      body: {
        code: 'UPLOAD_TRUNCATED',
        message: 'Upload failed: The image is truncated or corrupt',
      },
    },
    {
      name: 'a 1 x 29999 PNG',
      part: async () => ({
        bytes: await sliverPng(1, 29999),
        filename: 'x.png',
        contentType: 'image/png',
      }),
      status: 400,
      body: {
        code: 'UPLOAD_TOO_ELONGATED',
        message: 'Upload failed: The image is too long and narrow (at most 8:1)',
      },
    },
    {
      name: 'a 15 x 15 PNG',
      part: async () => ({
        bytes: await sliverPng(15, 15),
        filename: 'x.png',
        contentType: 'image/png',
      }),
      status: 400,
      body: {
        code: 'UPLOAD_TOO_SMALL',
        message: 'Upload failed: The image must be at least 16 pixels wide and high',
      },
    },
    {
      name: 'an animated WebP',
      part: async () => ({
        bytes: await animated('webp'),
        filename: 'anim.webp',
        contentType: 'image/webp',
      }),
      status: 400,
      body: {
        code: 'UPLOAD_ANIMATED',
        message: 'Upload failed: Animated images are not supported',
      },
    },
    {
      name: 'a part not named file',
      part: async () => ({
        bytes: await photo(),
        filename: 'a.jpg',
        contentType: 'image/jpeg',
        fieldName: 'image',
      }),
      status: 400,
      body: { code: 'UPLOAD_NO_FILE', message: 'Upload failed: No file was sent' },
    },
  ];

  it.each(cases)(
    'refuses $name, storing nothing and charging nothing',
    async ({ part, status, body }) => {
      const { client } = await signUpVerified(t);
      const response = await uploadRaw(t, client, [await part()]);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toEqual(body);
      const me = (await client.get('/api/me')).json<{ user: { id: string } }>();
      const rows = await t.database.db
        .selectFrom('upload')
        .select('id')
        .where('user_id', '=', me.user.id)
        .execute();
      expect(rows).toEqual([]);
      expect(filesUnder(join(t.config.resizer.storage.dir, 'users', me.user.id))).toEqual([]);
      expect(await creditsOf(client)).toBe(5);
    },
  );

  it('refuses anyone not signed in', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { origin: 'http://localhost:3000' },
    });
    expect(response.statusCode).toBe(401);
  });
});
