import {
  API_EXPANSIONS_PER_MINUTE,
  API_HEADERS,
  WEBHOOK_RETRY_WINDOW_HOURS,
  acceptedImageMimeTypes,
  apiDocsCopy,
  apiErrorCatalogue,
  apiFormats,
  type ApiErrorCode,
} from '@reframe/shared';
import { componentSchemas } from './openapi-schemas';

const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });
const json = (schema: object) => ({ 'application/json': { schema } });
const imageTypes = Object.fromEntries(
  apiFormats.map((format) => [
    `image/${format}`,
    { schema: { type: 'string', contentMediaType: `image/${format}` } },
  ]),
);
const intHeader = (description: string) => ({ description, schema: { type: 'integer' } });

const credits = { [API_HEADERS.creditsRemaining]: ref('headers', 'CreditsRemaining') };

/** Statuses that carry Retry-After. */
const RETRY_STATUSES = new Set<number>([429, 503]);

/**
 * An operation's error answers, by status, from the API's error catalogue (issue 41): each says
 * which codes come with it and what they mean, in the docs' words.
 */
function errorResponses(codes: readonly ApiErrorCode[]) {
  const byStatus = new Map<number, ApiErrorCode[]>();
  for (const code of codes) {
    for (const status of apiErrorCatalogue[code].statuses) {
      byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
    }
  }
  return Object.fromEntries(
    [...byStatus].map(([status, answered]) => [
      String(status),
      {
        description: answered.map((code) => `${code}: ${apiDocsCopy.errorCodes[code]}`).join(' '),
        ...(RETRY_STATUSES.has(status)
          ? { headers: { [API_HEADERS.retryAfter]: ref('headers', 'RetryAfter') } }
          : {}),
        content: json(ref('schemas', 'Error')),
      },
    ]),
  );
}

/** The codes every authenticated /v1 route may answer, beside its own. */
const keyed: ApiErrorCode[] = ['unauthorized', 'key_suspended', 'rate_limited', 'internal'];

const paths = {
  '/v1/expansions': {
    post: {
      operationId: 'createExpansion',
      summary: 'Expand a photo to one or more sizes',
      parameters: [ref('parameters', 'IdempotencyKey')],
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: ref('schemas', 'ExpansionForm'),
            encoding: { image: { contentType: acceptedImageMimeTypes.join(', ') } },
          },
        },
      },
      responses: {
        '202': {
          description: 'Accepted: one credit per output is charged, all or none.',
          headers: {
            ...credits,
            [API_HEADERS.creditsCharged]: ref('headers', 'CreditsCharged'),
          },
          content: json(ref('schemas', 'Expansion')),
        },
        ...errorResponses([
          ...keyed,
          'invalid_request',
          'unsupported_image',
          'image_too_large',
          'insufficient_credits',
          'test_key_daily_limit',
          'idempotency_conflict',
        ]),
      },
    },
  },
  '/v1/expansions/{id}': {
    get: {
      operationId: 'getExpansion',
      summary: 'An expansion, with download URLs of its finished outputs',
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      responses: {
        '200': {
          description: 'The expansion.',
          headers: credits,
          content: json(ref('schemas', 'Expansion')),
        },
        ...errorResponses([...keyed, 'not_found']),
      },
    },
  },
  '/v1/account': {
    get: {
      operationId: 'getAccount',
      summary: 'Credits, plan and rate limits of the key',
      responses: {
        '200': {
          description: 'The account the key spends from.',
          headers: credits,
          content: json(ref('schemas', 'Account')),
        },
        ...errorResponses(keyed),
      },
    },
  },
  '/v1/files/{token}': {
    get: {
      operationId: 'downloadOutput',
      summary: 'A finished output, by the signed URL an expansion gives',
      security: [],
      parameters: [{ name: 'token', in: 'path', required: true, schema: { type: 'string' } }],
      responses: {
        '200': { description: 'The image.', content: imageTypes },
        ...errorResponses(['not_found', 'internal']),
      },
    },
  },
};

const signatureHeaders = [
  ['webhookId', API_HEADERS.webhookId, 'The delivery id, the same on every retry.'],
  ['webhookTimestamp', API_HEADERS.webhookTimestamp, 'Unix seconds of this attempt.'],
  [
    'webhookSignature',
    API_HEADERS.webhookSignature,
    'v1,<base64 HMAC-SHA256 of "id.timestamp.body", keyed with the secret after "whsec_">.',
  ],
] as const;

const webhooks = {
  expansionSettled: {
    post: {
      operationId: 'expansionSettled',
      summary: 'An expansion made with webhook_url has settled',
      description: `Signed the Standard Webhooks way (https://www.standardwebhooks.com/). Any answer but 2xx, redirects included, is retried with backoff for ${WEBHOOK_RETRY_WINDOW_HOURS} hours.`,
      parameters: signatureHeaders.map(([, name, description]) => ({
        name,
        in: 'header',
        required: true,
        description,
        schema: { type: 'string' },
      })),
      requestBody: { required: true, content: json(ref('schemas', 'Expansion')) },
      responses: { '200': { description: 'Received.' } },
    },
  },
};

/** The OpenAPI 3.1 document of /v1, served at /v1/openapi.json. */
export function buildOpenApiDocument() {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Reframe API',
      version: '1',
      description: `Expand photos to new aspect ratios from a script. Keys are made in Settings; at most ${API_EXPANSIONS_PER_MINUTE} expansions a minute per account, all its keys together.`,
    },
    security: [{ bearerAuth: [] }],
    paths,
    webhooks,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'rf_live_… or rf_test_…' },
      },
      schemas: componentSchemas(),
      parameters: {
        IdempotencyKey: {
          name: API_HEADERS.idempotencyKey,
          in: 'header',
          required: false,
          description: 'A retried POST with the same key and body answers as the first, unbilled.',
          schema: { type: 'string', maxLength: 255 },
        },
      },
      headers: {
        CreditsRemaining: intHeader('Credits left after this request.'),
        CreditsCharged: intHeader('Credits this request charged.'),
        RetryAfter: intHeader('Seconds to wait before trying again.'),
      },
    },
  };
}
