import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './helpers/client';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('serving the built web app', () => {
  const dist = mkdtempSync(join(tmpdir(), 'reframe-dist-'));
  const indexHtml = '<!doctype html><div id="root"></div>';
  const landingHtml = '<!doctype html><div id="root"><h1>Prerendered landing page</h1></div>';
  const appJs = 'console.log("app")';
  let t: TestApp;
  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    // The build writes a brotli and a gzip twin beside each text file (apps/web/build).
    for (const [file, text] of [
      ['index.html', indexHtml],
      ['landing.html', landingHtml],
      ['assets/app.js', appJs],
    ] as const) {
      writeFileSync(join(dist, file), text);
      writeFileSync(join(dist, `${file}.br`), brotliCompressSync(text));
      writeFileSync(join(dist, `${file}.gz`), gzipSync(text));
    }
    writeFileSync(join(dist, 'robots.txt'), 'User-agent: *');
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
      '/app/settings',
      '/signin',
      '/__/auth/action?mode=verifyEmail&oobCode=x',
      '/no/such/page',
    ]) {
      const page = await client.get(path);
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(indexHtml);
      expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });

  it('answers / with the prerendered landing page, and no other path', async () => {
    const client = new TestClient(t.app);
    for (const path of ['/', '/?ref=newsletter']) {
      const page = await client.get(path);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toBe(landingHtml);
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    }
    // Neither page is a file of its own: both paths get the app shell, which routes them.
    for (const path of ['/landing.html', '/index.html']) {
      expect((await client.get(path)).body).toBe(indexHtml);
    }
    const brotli = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(landingHtml);
  });

  it('sends the compressed twin the browser accepts, brotli first', async () => {
    const get = (url: string, acceptEncoding: string) =>
      t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });

    const brotli = await get('/assets/app.js', 'gzip, deflate, br');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(appJs);

    const gzip = await get('/some/page', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['content-type']).toMatch(/^text\/html/);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(indexHtml);

    const identity = await get('/assets/app.js', 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(appJs);

    // A file without twins is sent as it is, whatever the browser accepts.
    const robots = await get('/robots.txt', 'br');
    expect(robots.headers['content-encoding']).toBeUndefined();
    expect(robots.body).toBe('User-agent: *');
  });

  it('never serves the compressed twins under their own URL', async () => {
    const response = await new TestClient(t.app).get('/assets/app.js.br');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">');
  });

  it('lets browsers keep hashed assets for a year and revalidate the page itself', async () => {
    const client = new TestClient(t.app);
    expect((await client.get('/assets/app.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    for (const path of ['/', '/signin', '/robots.txt']) {
      expect((await client.get(path)).headers['cache-control']).toBe('no-cache');
    }
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const response = await new TestClient(t.app).get('/api/unknown');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
  });

  it('answers unknown /v1 paths with a JSON 404 in the API error shape, never the app', async () => {
    const client = new TestClient(t.app);
    const requests = [
      ['GET', '/v1'],
      ['GET', '/v1/'],
      ['GET', '/v1/unknown'],
      ['GET', '/v1/expansions/x/y?z=1'],
      ['POST', '/v1/unknown'],
    ] as const;
    const answers = [];
    for (const [method, path] of requests) {
      const response = await client.request(method, path, method === 'POST' ? {} : undefined);
      answers.push({ path, status: response.statusCode, body: response.json<unknown>() });
    }
    const body = { error: { code: 'not_found', message: 'Not found' } };
    expect(answers).toEqual(requests.map(([, path]) => ({ path, status: 404, body })));
  });
});
