import { Validator } from '@seriousme/openapi-schema-validator';
import { apiErrorCatalogue, apiErrorCodes, API_HEADERS } from '@reframe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Document {
  openapi: string;
  paths: Record<
    string,
    Record<string, { responses: Record<string, { description: string; headers?: object }> }>
  >;
  webhooks: Record<string, { post: { parameters: { name: string }[] } }>;
  components: {
    schemas: Record<string, { properties?: Record<string, unknown> }>;
    securitySchemes: Record<string, unknown>;
  };
}

describe('GET /v1/openapi.json', () => {
  it('is public, cacheable, and validates as OpenAPI 3.1', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    const document = response.json<Document>();
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(response.json<Record<string, unknown>>());
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes every /v1 route, the bearer scheme, the errors and the signed webhook', async () => {
    const document = (
      await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })
    ).json<Document>();
    expect(Object.keys(document.paths).sort()).toEqual([
      '/v1/account',
      '/v1/expansions',
      '/v1/expansions/{id}',
      '/v1/files/{token}',
    ]);
    const posted = document.paths['/v1/expansions']!.post!.responses;
    expect(Object.keys(posted).sort()).toEqual(
      ['202', '400', '401', '402', '413', '415', '422', '429', '500', '503', '507'].sort(),
    );
    // Each error answer lists the catalogue's codes of its status (issue 41).
    for (const code of apiErrorCodes) {
      if (code === 'not_found' || code === 'output_failed') continue;
      for (const status of apiErrorCatalogue[code].statuses) {
        expect(posted[String(status)]?.description, `${code} at ${status}`).toContain(`${code}:`);
      }
    }
    expect(posted['503']?.headers).toHaveProperty(API_HEADERS.retryAfter);
    expect(document.paths['/v1/expansions/{id}']!.get!.responses['404']?.description).toContain(
      'not_found:',
    );
    expect(document.components.securitySchemes).toMatchObject({
      bearerAuth: { type: 'http', scheme: 'bearer' },
    });
    const errorCode = JSON.stringify(document.components.schemas.Error);
    for (const code of apiErrorCodes) expect(errorCode).toContain(`"${code}"`);
    expect(errorCode).not.toContain('"forbidden"');
    expect(errorCode).toContain('"field"');
    expect(Object.keys(document.components.schemas.ExpansionForm!.properties ?? {})).toEqual(
      expect.arrayContaining(['image', 'ratio', 'size', 'pack', 'webhook_url']),
    );
    const signed = document.webhooks.expansionSettled!.post.parameters.map((p) => p.name);
    expect(signed).toEqual([
      API_HEADERS.webhookId,
      API_HEADERS.webhookTimestamp,
      API_HEADERS.webhookSignature,
    ]);
    const text = JSON.stringify(document);
    for (const header of [
      'creditsRemaining',
      'creditsCharged',
      'idempotencyKey',
      'retryAfter',
    ] as const) {
      expect(text).toContain(`"${API_HEADERS[header]}"`);
    }
  });
});
