import {
  API_HEADERS,
  apiFieldErrors,
  errorMessages,
  expansionFormFields,
  type ApiRequestField,
  type V1Error,
} from '@reframe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { creditsOfUser, expertOwner } from '../helpers/team';
import { photo } from '../resizer/images';
import { multipartBody, type FilePart } from '../resizer/resizer-client';
import { createKey, v1 } from './api-client';

/** One bad request: its parts (text fields as [name, value], the photo as 'photo') and headers. */
interface BadRequest {
  what: string;
  parts: ([name: string, value: string] | 'photo')[];
  headers?: Record<string, string>;
  message: string;
}

const photoPart = 'photo' as const;
const square: [string, string] = ['ratio', '1:1'];

/**
 * For every field of POST /v1/expansions (and the Idempotency-Key header), the bad values a
 * script may send. Each answers 400 invalid_request whose `field` names it and whose message
 * starts with it (issue 41); the list of fields comes from the contract, so a new field without
 * a case here fails.
 */
const badRequests: Record<ApiRequestField, BadRequest[]> = {
  image: [
    { what: 'no file', parts: [square], message: apiFieldErrors.invalid('image') },
    {
      what: 'two files',
      parts: [square, photoPart, photoPart],
      message: apiFieldErrors.repeated('image'),
    },
    {
      what: 'text, not a file',
      parts: [square, ['image', 'photo.jpg']],
      message: apiFieldErrors.invalid('image'),
    },
  ],
  ratio: [
    {
      what: 'unknown',
      parts: [['ratio', 'wide'], photoPart],
      message: apiFieldErrors.invalid('ratio'),
    },
    {
      what: 'asked twice',
      parts: [['ratio', '16:9'], ['ratio', '16:9'], photoPart],
      message: apiFieldErrors.refused('ratio', 'API_OUTPUT_TWICE'),
    },
  ],
  size: [
    {
      what: 'not WxH',
      parts: [['size', '1080 by 1920'], photoPart],
      message: apiFieldErrors.invalid('size'),
    },
    {
      what: 'too small',
      parts: [['size', '10x10'], photoPart],
      message: apiFieldErrors.refused('size', 'CUSTOM_SIZE_TOO_SMALL'),
    },
    {
      what: 'asked twice',
      parts: [['size', '1080x1920'], ['size', '1080x1920'], photoPart],
      message: apiFieldErrors.refused('size', 'API_OUTPUT_TWICE'),
    },
  ],
  pack: [
    {
      what: 'unknown',
      parts: [['pack', 'myspace'], photoPart],
      message: apiFieldErrors.invalid('pack'),
    },
    {
      what: 'given twice',
      parts: [['pack', 'meta'], ['pack', 'google'], photoPart],
      message: apiFieldErrors.repeated('pack'),
    },
  ],
  alignment: [
    {
      what: 'unknown',
      parts: [square, ['alignment', 'middle'], photoPart],
      message: apiFieldErrors.invalid('alignment'),
    },
  ],
  framing: [
    {
      what: 'unknown',
      parts: [square, ['framing', 'crop'], photoPart],
      message: apiFieldErrors.invalid('framing'),
    },
    {
      what: 'given twice',
      parts: [square, ['framing', 'keep'], ['framing', 'trim'], photoPart],
      message: apiFieldErrors.repeated('framing'),
    },
  ],
  style: [
    {
      what: 'unknown',
      parts: [square, ['style', 'sepia'], photoPart],
      message: apiFieldErrors.invalid('style'),
    },
  ],
  format: [
    {
      what: 'unknown',
      parts: [square, ['format', 'gif'], photoPart],
      message: apiFieldErrors.invalid('format'),
    },
  ],
  webhook_url: [
    {
      what: 'not a URL',
      parts: [square, ['webhook_url', 'not a url'], photoPart],
      message: apiFieldErrors.invalid('webhook_url'),
    },
    {
      what: 'plain http to another host',
      parts: [square, ['webhook_url', 'http://example.com/hook'], photoPart],
      message: errorMessages.API_WEBHOOK_URL_INVALID,
    },
  ],
  [API_HEADERS.idempotencyKey]: [
    {
      what: 'with a space',
      parts: [square, photoPart],
      headers: { [API_HEADERS.idempotencyKey]: 'order 1234' },
      message: apiFieldErrors.invalid(API_HEADERS.idempotencyKey),
    },
  ],
};

describe('POST /v1/expansions names the field it refuses (issue 41)', () => {
  let t: TestApp;
  let jpeg: Uint8Array;
  let secret: string;
  let userId: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { UPLOADS_PER_HOUR: '1000' } });
    jpeg = await photo('coffee.png', 64);
    const owner = await expertOwner(t);
    userId = owner.userId;
    secret = (await createKey(owner.client)).secret;
  });
  afterAll(() => t.close());

  function send(request: Pick<BadRequest, 'parts' | 'headers'>) {
    const parts: FilePart[] = request.parts.map((part) =>
      part === photoPart
        ? { fieldName: 'image', bytes: jpeg, filename: 'coffee.jpg', contentType: 'image/jpeg' }
        : { fieldName: part[0], bytes: Buffer.from(part[1]), contentType: 'text/plain' },
    );
    const { body, contentType } = multipartBody(parts);
    return v1(t, 'POST', '/v1/expansions', {
      secret,
      payload: body,
      headers: { 'content-type': contentType, ...request.headers },
    });
  }

  const fields: ApiRequestField[] = [...expansionFormFields, API_HEADERS.idempotencyKey];

  it.each(fields)('refuses a bad %s by its name', async (field) => {
    const cases = badRequests[field] ?? [];
    expect(cases.length, `a bad ${field} to send`).toBeGreaterThan(0);
    for (const bad of cases) {
      const answer = await send(bad);
      expect(answer.statusCode, `${field}: ${bad.what}`).toBe(400);
      const { error } = answer.json<V1Error>();
      expect(error, `${field}: ${bad.what}`).toEqual({
        code: 'invalid_request',
        message: bad.message,
        field,
      });
      expect(error.message.startsWith(field)).toBe(true);
    }
    expect(await creditsOfUser(t, userId)).toBe(175);
  });

  it('names a field the form does not have, and says which it has', async () => {
    const answer = await send({ parts: [['ratios', '16:9'], square, photoPart] });
    expect(answer.statusCode).toBe(400);
    expect(answer.json<V1Error>().error).toEqual({
      code: 'invalid_request',
      message: apiFieldErrors.unknown('ratios'),
      field: 'ratios',
    });
    expect(answer.json<V1Error>().error.message).toContain('ratio, size, pack');
  });

  it('says what to give when no output is asked for, naming no one field', async () => {
    const answer = await send({ parts: [photoPart] });
    expect(answer.statusCode).toBe(400);
    expect(answer.json<V1Error>().error).toEqual({
      code: 'invalid_request',
      message: errorMessages.API_NO_OUTPUTS,
    });
  });

  it('still takes every field at once when each is right', async () => {
    const answer = await send({
      parts: [
        ['ratio', '16:9'],
        ['size', '320x100'],
        ['alignment', 'center'],
        ['framing', 'keep'],
        ['style', 'natural'],
        ['format', 'webp'],
        ['webhook_url', 'https://hooks.example.com/reframe'],
        photoPart,
      ],
      headers: { [API_HEADERS.idempotencyKey]: 'order-1' },
    });
    expect(answer.statusCode, answer.body).toBe(202);
    expect(answer.headers['x-credits-charged']).toBe('2');
  });
});
