import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './helpers/client';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('health and security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 200 with the database status', async () => {
    const response = await new TestClient(t.app).get('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('sends CSP with frame-ancestors none, nosniff and a referrer policy', async () => {
    const response = await new TestClient(t.app).get('/api/health');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await new TestClient(t.app).get('/api/nope');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
  });
});

describe('health when the database is gone', () => {
  it('answers 503', async () => {
    const t = await createTestApp();
    await t.database.destroy();
    const response = await new TestClient(t.app).get('/api/health');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable', database: 'unavailable' });
    await t.app.close();
  });
});
