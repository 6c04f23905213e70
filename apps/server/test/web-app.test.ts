import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './helpers/client';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('serving the built web app', () => {
  const dist = mkdtempSync(join(tmpdir(), 'reframe-dist-'));
  let t: TestApp;
  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log("app")');
    t = await createTestApp({ webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves files, and index.html for any other page path', async () => {
    const client = new TestClient(t.app);
    const asset = await client.get('/assets/app.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toContain('console.log');
    for (const path of [
      '/',
      '/app/settings',
      '/__/auth/action?mode=verifyEmail&oobCode=x',
      '/no/such/page',
    ]) {
      const page = await client.get(path);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root">');
      expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const response = await new TestClient(t.app).get('/api/unknown');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
  });
});
