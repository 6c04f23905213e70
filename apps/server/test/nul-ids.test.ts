import { errorMessages } from '@reframe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, v1 } from './api/api-client';
import type { TestClient } from './helpers/client';
import { expertOwner } from './helpers/team';
import { createTestApp, type TestApp } from './helpers/test-app';
import { predictionBody } from './resizer/resizer-client';

const NUL = '\0';
const nulId = `abc${NUL}def`;
const inPath = encodeURIComponent(nulId);

/** The catalogue message of an answer, in the app's shape or the callables' one. */
function messageOf(body: string): unknown {
  try {
    const parsed = JSON.parse(body) as { message?: unknown; error?: { message?: unknown } };
    return parsed.message ?? parsed.error?.message;
  } catch {
    return body;
  }
}

type Method = 'GET' | 'POST' | 'DELETE' | 'PATCH';

/** Every route that looks something up by an id or token from the path, the query or the body. */
const sessionRoutes: [Method, string, unknown?][] = [
  ['GET', `/api/history/${inPath}`],
  ['DELETE', `/api/history/${inPath}`],
  ['GET', `/api/replicate?endpoint=predictions/${inPath}`],
  ['POST', '/api/replicate', predictionBody(nulId, '16:9')],
  ['POST', '/api/debug', predictionBody(nulId, '16:9')],
  ['POST', '/api/runs', { upload_ids: [nulId], outputs: [{ aspect_ratio: '16:9' }] }],
  ['GET', `/api/files/${inPath}/original.png`],
  ['DELETE', `/api/api-keys/${inPath}`],
  ['DELETE', `/api/team/invites/${inPath}`],
  ['DELETE', `/api/team/members/${inPath}`],
  ['PATCH', `/api/team/members/${inPath}`, { role: 'admin' }],
  ['GET', `/api/team/invitation?token=${inPath}`],
  ['POST', '/api/team/join', { token: nulId }],
  ['GET', `/api/billing/test-checkout/${inPath}`],
  ['POST', `/api/billing/test-checkout/${inPath}/pay`],
  ['POST', `/api/billing/test-checkout/${inPath}/cancel`],
  ['GET', `/api/billing/test-portal/${inPath}`],
  ['POST', `/api/billing/test-portal/${inPath}/action`, { action: 'cancel' }],
  ['POST', `/api/callables/${inPath}`, { data: {} }],
  ['GET', `/api/auth/verify-email?token=${inPath}`],
  ['POST', '/api/auth/sign-in/email', { email: `a${NUL}@example.com`, password: 'x'.repeat(8) }],
  ['POST', '/api/auth/request-password-reset', { email: `a${NUL}@example.com` }],
];

describe('a NUL character in an id', () => {
  let t: TestApp;
  let browser: TestClient;
  let secret: string;
  beforeAll(async () => {
    t = await createTestApp();
    browser = (await expertOwner(t)).client;
    secret = (await createKey(browser, 'test')).secret;
  });
  afterAll(() => t.close());

  it('answers 400 with the catalogue message on every route that looks one up', async () => {
    const answers = [];
    for (const [method, url, body] of sessionRoutes) {
      const response = await browser.request(method, url, body);
      answers.push({ method, url, status: response.statusCode, message: messageOf(response.body) });
    }
    const message = errorMessages.INVALID_REQUEST;
    expect(answers).toEqual(
      sessionRoutes.map(([method, url]) => ({ method, url, status: 400, message })),
    );
  });

  it('answers 400 in the API error shape on /v1', async () => {
    const urls = [`/v1/expansions/${inPath}`, `/v1/files/${inPath}`];
    const answers = [];
    for (const url of urls) {
      const response = await v1(t, 'GET', url, { secret });
      answers.push({ url, status: response.statusCode, body: response.json<unknown>() });
    }
    const expected = {
      error: { code: 'invalid_request', message: errorMessages.INVALID_REQUEST },
    };
    expect(answers).toEqual(urls.map((url) => ({ url, status: 400, body: expected })));
  });
});
