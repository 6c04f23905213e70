import { randomBytes } from 'node:crypto';
import type { Prediction, UploadResponse } from '@reframe/shared';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { TEST_APP_URL, type TestApp } from '../helpers/test-app';
import type { TestClient } from '../helpers/client';
import { waitFor } from '../helpers/poll';

export interface FilePart {
  bytes: Uint8Array;
  filename?: string;
  contentType?: string;
  fieldName?: string;
}

/** A multipart/form-data body, as a browser's FormData would send it. */
export function multipartBody(parts: FilePart[]): { body: Buffer; contentType: string } {
  const boundary = `----reframe${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.fieldName ?? 'file'}"${filename}\r\n` +
          `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.from(part.bytes),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function cookieHeader(client: TestClient): string {
  return [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

export function uploadRaw(
  t: TestApp,
  client: TestClient,
  parts: FilePart[],
): Promise<LightMyRequestResponse> {
  const { body, contentType } = multipartBody(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { origin: TEST_APP_URL, cookie: cookieHeader(client), 'content-type': contentType },
    payload: body,
  });
}

export async function upload(
  t: TestApp,
  client: TestClient,
  bytes: Uint8Array,
  filename = 'photo.jpg',
  contentType = 'image/jpeg',
): Promise<UploadResponse> {
  const response = await uploadRaw(t, client, [{ bytes, filename, contentType }]);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<UploadResponse>();
}

/**
 * A prediction of the whole photo on the brief's canvas ('keep'), whose size a test can compute
 * with shared `computeCanvas`; framing.test.ts covers the default framing and the trims.
 */
export function predictionBody(uploadId: string, aspectRatio: string, regenerate = false) {
  return {
    endpoint: 'predictions',
    data: {
      input: { upload_id: uploadId, aspect_ratio: aspectRatio, regenerate, framing: 'keep' },
    },
  };
}

/** Polls once every 100 ms until the prediction settles (at most `timeoutMs`). */
export async function pollUntilSettled(
  client: TestClient,
  id: string,
  timeoutMs = 30_000,
): Promise<Prediction> {
  return waitFor(
    async () => {
      const response = await client.get(`/api/replicate?endpoint=predictions/${id}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Prediction>();
    },
    { what: `prediction ${id} to settle`, until: isSettled, timeoutMs, intervalMs: 100 },
  );
}

/** Whether a prediction has come to its end, either way. */
export function isSettled(prediction: { status: string }): boolean {
  return prediction.status === 'succeeded' || prediction.status === 'failed';
}

/** The path of an absolute URL the API handed out, for app.inject. */
export function pathOf(url: string): string {
  expect(url.startsWith(`${TEST_APP_URL}/`), url).toBe(true);
  return url.slice(TEST_APP_URL.length);
}

export async function creditsOf(client: TestClient): Promise<number> {
  const response = await client.get('/api/me');
  expect(response.statusCode).toBe(200);
  return response.json<{ settings: { credits: number } }>().settings.credits;
}
