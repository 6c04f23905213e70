import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { errorMessages } from '@reframe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from './helpers/accounts';
import type { TestClient } from './helpers/client';
import { waitFor } from './helpers/poll';
import { createTestApp, TEST_APP_URL, type TestApp } from './helpers/test-app';
import { photo } from './resizer/images';
import { multipartBody, uploadRaw } from './resizer/resizer-client';
import { createKey } from './api/api-client';
import { expertOwner } from './helpers/team';

interface LogLine {
  level: number;
  msg: string;
}

function cookieHeader(client: TestClient): string {
  return [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** Opens a raw connection and sends the request head; the body is left to the caller. */
function openRequest(port: number, head: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(head);
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

/** Everything the server sent until it closed the connection. */
function untilClosed(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(received));
  });
}

/** Sends `body` one byte a second until the server closes the connection. */
async function dripUntilClosed(socket: Socket, body: Buffer): Promise<string> {
  const closed = untilClosed(socket);
  let sent = 0;
  const drip = setInterval(() => {
    if (sent < body.length && !socket.destroyed) socket.write(body.subarray(sent, ++sent));
  }, 1000);
  try {
    return await closed;
  } finally {
    clearInterval(drip);
  }
}

const timedOut = {
  code: 'REQUEST_TIMEOUT',
  message: 'The request took too long to arrive. Please check your connection and try again.',
};

function expect408(response: string) {
  expect(response).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  expect(JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4))).toEqual(timedOut);
}

describe('request time-outs on a listening server (REQUEST_TIMEOUT_SECONDS=1)', () => {
  let t: TestApp;
  let port: number;
  const logs: LogLine[] = [];
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
          logs.push(JSON.parse(line) as LogLine);
        }
        done();
      },
    });
    t = await createTestApp({
      env: { REQUEST_TIMEOUT_SECONDS: '1', MAX_CONCURRENT_UPLOADS_PER_USER: '1' },
      logger: pino({ level: 'debug' }, sink),
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('answers 408 and closes the connection when a webhook body arrives a byte a second', async () => {
    const body = Buffer.from(JSON.stringify({ id: 'evt_slow', type: 'invoice.paid' }));
    const socket = await openRequest(
      port,
      'POST /api/billing/webhook HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    expect408(await dripUntilClosed(socket, body));
  });

  it('answers 408 to a slow upload, logs it as a client abort, and frees its upload slot', async () => {
    const { client } = await signUpVerified(t);
    const image = await photo('coffee.png', 32);
    const { body, contentType } = multipartBody([{ bytes: image, filename: 'a.jpg' }]);
    const socket = await openRequest(
      port,
      'POST /api/uploads HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        `Origin: ${TEST_APP_URL}\r\nCookie: ${cookieHeader(client)}\r\n` +
        `Content-Type: ${contentType}\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    const closed = dripUntilClosed(socket, body);
    // Once the slow upload is being read it holds this user's only slot: another must wait.
    await waitFor(() => logs.some((line) => line.msg === 'starting multipart parsing'), {
      what: 'the server to start reading the slow upload',
      timeoutMs: 30_000,
      intervalMs: 20,
    });
    const meanwhile = await uploadRaw(t, client, [{ bytes: image, filename: 'b.jpg' }]);
    expect(meanwhile.statusCode).toBe(429);
    expect(meanwhile.json()).toEqual({
      code: 'UPLOAD_IN_PROGRESS',
      message: 'Upload failed: Please wait for your other upload to finish',
    });
    expect408(await closed);

    const after = await uploadRaw(t, client, [{ bytes: image, filename: 'c.jpg' }]);
    expect(after.statusCode, after.body).toBe(201);
    expect(logs.some((line) => line.msg === 'upload aborted by the client')).toBe(true);
    expect(logs.filter((line) => line.level >= 50)).toEqual([]);
  });

  it('refuses an upload declaring 200 MB at once (413), before its body is sent', async () => {
    const owner = await expertOwner(t);
    const { secret } = await createKey(owner.client);
    const head = (path: string, credentials: string) =>
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${credentials}` +
      'Content-Type: multipart/form-data; boundary=x\r\n' +
      `Content-Length: ${200 * 1024 * 1024}\r\n\r\n`;
    const answers = [];
    for (const [path, credentials] of [
      ['/api/uploads', `Origin: ${TEST_APP_URL}\r\nCookie: ${cookieHeader(owner.client)}\r\n`],
      ['/v1/expansions', `Authorization: Bearer ${secret}\r\n`],
    ] as const) {
      // Not a byte of the body is sent: the answer must not wait for it.
      const response = await untilClosed(await openRequest(port, head(path, credentials)));
      answers.push({
        path,
        status: response.slice(0, response.indexOf('\r\n')),
        body: JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4)) as unknown,
      });
    }
    const message = errorMessages.UPLOAD_TOO_LARGE;
    expect(answers).toEqual([
      {
        path: '/api/uploads',
        status: 'HTTP/1.1 413 Payload Too Large',
        body: { code: 'UPLOAD_TOO_LARGE', message },
      },
      {
        path: '/v1/expansions',
        status: 'HTTP/1.1 413 Payload Too Large',
        body: { error: { code: 'image_too_large', message } },
      },
    ]);
  });
});
