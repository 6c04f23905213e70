import {
  API_EXPANSIONS_PER_MINUTE,
  API_HEADERS,
  WEBHOOK_RETRY_WINDOW_HOURS,
  acceptedImageMimeTypes,
  apiFormats,
} from '@reframe/shared';
import { componentSchemas } from './openapi-schemas';

const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });
const json = (schema: object) => ({ 'application/json': { schema } });
const errorResponse = (description: string) => ({
  description,
  content: json(ref('schemas', 'Error')),
});
const imageTypes = Object.fromEntries(
  apiFormats.map((format) => [
    `image/${format}`,
    { schema: { type: 'string', contentMediaType: `image/${format}` } },
  ]),
);
const intHeader = (description: string) => ({ description, schema: { type: 'integer' } });

const credits = { [API_HEADERS.creditsRemaining]: ref('headers', 'CreditsRemaining') };

/** The answers every authenticated /v1 route may give, beside its own. */
const commonErrors = {
  '401': ref('responses', 'Unauthorized'),
  '429': ref('responses', 'RateLimited'),
};

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
        '400': errorResponse('The fields are not valid.'),
        '402': errorResponse('Not enough credits for every output.'),
        '413': errorResponse('The image is too large.'),
        '415': errorResponse('The image is not a supported format.'),
        '422': errorResponse('The Idempotency-Key was used with another request.'),
        ...commonErrors,
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
        '404': errorResponse('No expansion of this account has this id.'),
        ...commonErrors,
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
        ...commonErrors,
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
        '404': errorResponse('The link is unknown or has expired.'),
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
      description: `Expand photos to new aspect ratios from a script. Keys are made in Settings; at most ${API_EXPANSIONS_PER_MINUTE} expansions a minute per key.`,
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
      responses: {
        Unauthorized: errorResponse(
          'The key is missing, malformed or revoked (unauthorized), or its maker no longer has API access on its account (key_suspended).',
        ),
        RateLimited: {
          description: 'Too many requests for this key.',
          headers: { [API_HEADERS.retryAfter]: ref('headers', 'RetryAfter') },
          content: json(ref('schemas', 'Error')),
        },
      },
    },
  };
}
