import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from '../helpers/accounts';
import type { TestClient } from '../helpers/client';
import { createTestApp, TEST_APP_URL, type TestApp } from '../helpers/test-app';
import { photo } from './images';
import { creditsOf, upload, uploadRaw } from './resizer-client';

function cookieHeader(client: TestClient): string {
  return [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

async function uploadRows(t: TestApp, client: TestClient) {
  const me = (await client.get('/api/me')).json<{ user: { id: string } }>();
  return t.database.db
    .selectFrom('upload')
    .select('id')
    .where('user_id', '=', me.user.id)
    .execute();
}

describe('bad input answers 4xx, never 500', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses a seed above the 32-bit column with 400 and charges nothing', async () => {
    const { client } = await signUpVerified(t);
    const original = await upload(t, client, await photo('coffee.png', 32));
    const body = (seed: number) => ({
      endpoint: 'predictions',
      data: { input: { upload_id: original.id, aspect_ratio: '1:1', regenerate: false, seed } },
    });
    const refused = await client.post('/api/replicate', body(2 ** 31));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: 'INVALID_REQUEST',
      message: 'The request is not valid',
    });
    expect(await creditsOf(client)).toBe(5);
    expect((await client.post('/api/replicate', body(2 ** 31 - 1))).statusCode).toBe(202);
  });

  it('refuses two `file` parts with 400 instead of keeping the first', async () => {
    const { client } = await signUpVerified(t);
    const image = await photo('coffee.png', 32);
    const response = await uploadRaw(t, client, [
      { bytes: image, filename: 'a.jpg', contentType: 'image/jpeg' },
      { bytes: image, filename: 'b.jpg', contentType: 'image/jpeg' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'UPLOAD_TOO_MANY_FILES',
      message: 'Upload failed: Please send one image at a time',
    });
    expect(await uploadRows(t, client)).toEqual([]);
  });

  it('refuses a multipart boundary over 256 characters with 400', async () => {
    const { client } = await signUpVerified(t);
    const boundary = 'b'.repeat(300);
    const image = Buffer.from(await photo('coffee.png', 32));
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n` +
          'Content-Type: image/jpeg\r\n\r\n',
      ),
      image,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: {
        origin: TEST_APP_URL,
        cookie: cookieHeader(client),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'UPLOAD_MALFORMED',
      message: 'Upload failed: The request is not a valid file upload',
    });
    expect(await uploadRows(t, client)).toEqual([]);
  });
});
