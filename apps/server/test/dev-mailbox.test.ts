import type { DevMailMessage } from '@reframe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, uniqueEmail } from './helpers/accounts';
import { TestClient } from './helpers/client';
import { createTestApp, PRODUCTION_ENV, type TestApp } from './helpers/test-app';

describe('dev mailbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists the outbox newest first as JSON and as a page with clickable links', async () => {
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    await signUp(t, first);
    await signUp(t, second);

    const json = await new TestClient(t.app).get('/api/dev/mail');
    expect(json.statusCode).toBe(200);
    const messages = json.json<DevMailMessage[]>();
    expect(messages.map((m) => m.to).slice(0, 2)).toEqual([second, first]);
    expect(Object.keys(messages[0] ?? {}).sort()).toEqual([
      'html',
      'sentAt',
      'subject',
      'text',
      'to',
    ]);
    expect(Date.parse(messages[0]?.sentAt ?? '')).not.toBeNaN();

    const page = await new TestClient(t.app).get('/dev/mail');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Dev mailbox');
    expect(page.body).toMatch(
      /<a href="http:\/\/localhost:3000\/__\/auth\/action\?mode=verifyEmail&amp;oobCode=/,
    );
    expect(page.body.indexOf(second)).toBeLessThan(page.body.indexOf(first));
  });
});

describe('dev mailbox in production', () => {
  it('does not exist', async () => {
    const t = await createTestApp({ env: PRODUCTION_ENV });
    try {
      expect((await new TestClient(t.app).get('/api/dev/mail')).statusCode).toBe(404);
      expect((await new TestClient(t.app).get('/dev/mail')).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
