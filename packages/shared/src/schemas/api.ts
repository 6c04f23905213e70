import * as z from 'zod';

import { alignments } from '../geometry/canvas';
import { fillStyles, framingModes } from '../geometry/framing';
import { customSizeKey, exactSizeError, isKnownRatio, normalRatioKey } from '../output-target';
import { placementPacks } from '../placement-packs';
import { cropSchema } from './resizer';

/**
 * The public API (issue 30): keys an Expert account (or its team's owner and admins) makes in
 * Settings, and `/v1`, which a script calls with `Authorization: Bearer <key>`. One owner for
 * every limit and shape of it: the server validates with these schemas, the OpenAPI document at
 * /v1/openapi.json is generated from them, and the web app's Settings and docs read them.
 */

export const apiKeyModes = ['live', 'test'] as const;
export type ApiKeyMode = (typeof apiKeyModes)[number];

/** What every key starts with, so a leaked one is recognisable (and its mode visible). */
export const API_KEY_PREFIXES: Record<ApiKeyMode, string> = { live: 'rf_live_', test: 'rf_test_' };

/** Expansions one account's keys may create in a minute, all keys together; past it, 429. */
export const API_EXPANSIONS_PER_MINUTE = 60;
/**
 * The test-key sandbox, per account (issue 39): test keys spend no credits and watermark their
 * results, so each limit counts the account (a team's keys count as one), never one key.
 */
/** Calls an account's test keys may make in a UTC day, all together. */
export const TEST_KEY_CALLS_PER_DAY = 50;
/** Test keys an account may hold at once (revoked ones do not count). */
export const TEST_KEYS_PER_ACCOUNT = 5;
/** Outputs (ratios, sizes and a pack's placements) one test call may ask for. */
export const TEST_KEY_OUTPUTS_PER_CALL = 4;
/** How long a download URL in GET /v1/expansions/{id} works. */
export const API_DOWNLOAD_URL_TTL_SECONDS = 60 * 60;
/** A webhook delivery is retried with backoff for this long after the expansion settles. */
export const WEBHOOK_RETRY_WINDOW_HOURS = 24;
/**
 * Deliveries one account may have pending (not yet delivered, not given up) at once; a webhook
 * past them is not sent, and its delivery is recorded as skipped (issue 39).
 */
export const WEBHOOK_PENDING_PER_ACCOUNT = 100;
/** How long a receiver has to answer one attempt of a delivery. */
export const WEBHOOK_TIMEOUT_SECONDS = 10;
/** Attempts in a row a receiver's host leaves unanswered before it is backed off (issue 39). */
export const WEBHOOK_HOST_TIMEOUTS_BEFORE_BACKOFF = 3;
/** Longest key name. */
export const API_KEY_NAME_MAX = 60;

export const API_HEADERS = {
  creditsRemaining: 'X-Credits-Remaining',
  creditsCharged: 'X-Credits-Charged',
  idempotencyKey: 'Idempotency-Key',
  retryAfter: 'Retry-After',
  webhookId: 'webhook-id',
  webhookTimestamp: 'webhook-timestamp',
  webhookSignature: 'webhook-signature',
} as const;

// --- Settings (session cookie): /api/api-keys ---------------------------------------------

/** A key as Settings lists it; the secret itself is shown once, when it is created. */
export const apiKeySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  mode: z.enum(apiKeyModes),
  /** The key's first characters, e.g. "rf_live_3kQ9", to tell keys apart. */
  prefix: z.string(),
  /** ISO-8601 */
  createdAt: z.string(),
  /** ISO-8601, null until the key is first used. */
  lastUsedAt: z.string().nullable(),
  /**
   * Its maker no longer has the rights it was made with (removed, demoted, or the plan ended):
   * calls get 401 key_suspended until they do again. It can still be revoked.
   */
  suspended: z.boolean(),
});
export type ApiKeySummary = z.infer<typeof apiKeySummarySchema>;

/**
 * GET /api/api-keys -> 200: the keys the user may revoke: their account's (or, as a team's owner
 * or admin, the team's) and any they made on their own account before, whatever their plan now;
 * 403 for a user who has none and may make none.
 */
export const apiKeysViewSchema = z.object({
  /** Live keys first, then test keys, newest first; revoked keys are not listed. */
  keys: z.array(apiKeySummarySchema),
  /** Whether the user may make keys now (else the list is read-only but for revoking). */
  canCreate: z.boolean(),
});
export type ApiKeysView = z.infer<typeof apiKeysViewSchema>;

/**
 * GET /api/api-keys/webhook-secret -> 200 (made on first use), and
 * POST /api/api-keys/webhook-secret/rotate -> 200 with a new one; 403 as for GET /api/api-keys.
 */
export const webhookSecretResponseSchema = z.object({
  /** "whsec_" + base64 of the secret's bytes. */
  webhookSecret: z.string(),
});
export type WebhookSecretResponse = z.infer<typeof webhookSecretResponseSchema>;

/** POST /api/api-keys -> 201 `createdApiKeySchema`. */
export const createApiKeyBodySchema = z.object({
  name: z.string().trim().min(1).max(API_KEY_NAME_MAX),
  mode: z.enum(apiKeyModes),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBodySchema>;

export const createdApiKeySchema = z.object({
  key: apiKeySummarySchema,
  /** The whole key, shown this once and never again. */
  secret: z.string(),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

// DELETE /api/api-keys/{id} -> 204: revoked at once. 404 for a key that is not the caller's.

// --- /v1 (Bearer key) ------------------------------------------------------------------------

export const apiFormats = ['png', 'jpeg', 'webp'] as const;
export type ApiFormat = (typeof apiFormats)[number];

export const packIds = placementPacks.map((pack) => pack.id);

const sizePattern = /^(\d{1,5})x(\d{1,5})$/;

/** An exact size's width and height, or null when it is not WIDTHxHEIGHT. */
function sizeOf(size: string): { width: number; height: number } | null {
  const match = sizePattern.exec(size);
  return match ? { width: Number(match[1]), height: Number(match[2]) } : null;
}

/** WIDTHxHEIGHT within the exact sizes' limits; past one, its catalogue code is the message. */
const sizeField = z
  .string()
  .regex(sizePattern)
  .superRefine((size, ctx) => {
    const parsed = sizeOf(size);
    const code = parsed && exactSizeError(parsed.width, parsed.height);
    if (code) ctx.addIssue({ code: 'custom', message: code });
  });

/** The index of the first value whose key another before it has, or -1. */
function firstRepeat(values: readonly string[], keyOf: (value: string) => string): number {
  const seen = new Set<string>();
  return values.findIndex((value) => {
    const key = keyOf(value);
    if (seen.has(key)) return true;
    seen.add(key);
    return false;
  });
}

/**
 * The text fields of POST /v1/expansions (multipart; the file is the part named `image`).
 * `ratio` and `size` may repeat, each value once; at least one of ratio, size or pack. Every
 * issue's path starts with the field it is about (issue 41); a custom issue's message is a
 * catalogue code.
 */
export const expansionFieldsSchema = z
  .object({
    ratio: z.array(z.string().refine(isKnownRatio, { error: 'Unknown aspect ratio' })).default([]),
    size: z.array(sizeField).default([]),
    pack: z.enum(packIds as [string, ...string[]]).optional(),
    alignment: z.enum(alignments).default('auto'),
    /** How much of the photo may be trimmed (issue 38); the deployment's default when absent. */
    framing: z.enum(framingModes).optional(),
    style: z.enum(fillStyles).optional(),
    format: z.enum(apiFormats).default('png'),
    webhook_url: z.url().optional(),
  })
  .superRefine((fields, ctx) => {
    const ratio = firstRepeat(fields.ratio, normalRatioKey);
    if (ratio >= 0)
      ctx.addIssue({ code: 'custom', path: ['ratio', ratio], message: 'API_OUTPUT_TWICE' });
    const size = firstRepeat(fields.size, (value) => {
      const parsed = sizeOf(value);
      return parsed ? customSizeKey(parsed.width, parsed.height) : value;
    });
    if (size >= 0)
      ctx.addIssue({ code: 'custom', path: ['size', size], message: 'API_OUTPUT_TWICE' });
  })
  .refine((fields) => fields.ratio.length + fields.size.length > 0 || fields.pack, {
    error: 'API_NO_OUTPUTS',
  });
export type ExpansionFields = z.infer<typeof expansionFieldsSchema>;

export const expansionOutputStatuses = ['queued', 'processing', 'succeeded', 'failed'] as const;
export type ExpansionOutputStatus = (typeof expansionOutputStatuses)[number];

/** `processing` until every output settles; then all, some or none of them succeeded. */
export const expansionStatuses = ['processing', 'succeeded', 'partial', 'failed'] as const;
export type ExpansionStatus = (typeof expansionStatuses)[number];

/**
 * The /v1 error contract (issue 41): every code a client can meet, with the statuses it comes
 * with (none for `output_failed`, which marks a failed output, never an answer). The docs' table,
 * the OpenAPI document and the server's contract test (test/api/error-contract) all read it, so a
 * code documented here is a code the server answers.
 */
export const apiErrorCatalogue = {
  unauthorized: { statuses: [401] },
  key_suspended: { statuses: [401] },
  not_found: { statuses: [404] },
  invalid_request: { statuses: [400] },
  unsupported_image: { statuses: [415, 400] },
  image_too_large: { statuses: [413] },
  insufficient_credits: { statuses: [402] },
  rate_limited: { statuses: [429, 503] },
  test_key_daily_limit: { statuses: [429] },
  idempotency_conflict: { statuses: [422] },
  output_failed: { statuses: [] },
  internal: { statuses: [500, 507] },
} as const satisfies Record<string, { statuses: readonly number[] }>;
export type ApiErrorCode = keyof typeof apiErrorCatalogue;
export const apiErrorCodes = Object.keys(apiErrorCatalogue) as [ApiErrorCode, ...ApiErrorCode[]];

/**
 * The form fields of POST /v1/expansions an `invalid_request` can name (issue 41), beside the
 * Idempotency-Key header.
 */
export const expansionFormFields = [
  'image',
  'ratio',
  'size',
  'pack',
  'alignment',
  'framing',
  'style',
  'format',
  'webhook_url',
] as const;
export type ExpansionFormField = (typeof expansionFormFields)[number];

/** Every /v1 error answer, whatever its status. */
export const v1ErrorSchema = z.object({
  error: z.object({
    code: z.enum(apiErrorCodes),
    message: z.string(),
    /**
     * On an `invalid_request` about one field of the form (`expansionFormFields`, or an unknown
     * one) or the Idempotency-Key header: its name, which the message starts with too.
     */
    field: z
      .string()
      .describe(
        'On invalid_request about one field of the form or the Idempotency-Key header: its name, which the message starts with too.',
      )
      .optional(),
  }),
});
export type V1Error = z.infer<typeof v1ErrorSchema>;

export const expansionOutputSchema = z.object({
  /** Exactly one of ratio ("16:9"), size ("1080x1920") or placement (a pack's placement id). */
  ratio: z.string().optional(),
  size: z.string().optional(),
  placement: z.string().optional(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  status: z.enum(expansionOutputStatuses),
  /** Set when the output failed (its credit is refunded). */
  error: v1ErrorSchema.shape.error.nullable(),
  /** A signed download URL of the finished image in the expansion's format; null until then. */
  url: z.string().nullable(),
  /** ISO-8601: when `url` stops working. */
  url_expires_at: z.string().nullable(),
  /** The part of the photo the image keeps, in the photo's pixels; null until it succeeds. */
  crop: cropSchema.nullable(),
  /** Where the kept part's top-left corner sits on the image, in its pixels; null until then. */
  offset: z
    .object({ x: z.number().int().nonnegative(), y: z.number().int().nonnegative() })
    .nullable(),
  /** 0..1: the engine's confidence in the new area (below 0.5: likely a visible defect); null when not measured. */
  confidence: z.number().min(0).max(1).nullable(),
});
export type ExpansionOutput = z.infer<typeof expansionOutputSchema>;

/** POST /v1/expansions -> 202, GET /v1/expansions/{id} -> 200, and the webhook's body. */
export const expansionSchema = z.object({
  id: z.string(),
  status: z.enum(expansionStatuses),
  /** Made with a test key: no credits spent, watermarked results. */
  test: z.boolean(),
  alignment: z.enum(alignments),
  format: z.enum(apiFormats),
  /** Credits taken for this expansion, less refunds of failed outputs. */
  credits_charged: z.number().int().nonnegative(),
  /** ISO-8601 */
  created_at: z.string(),
  /** ISO-8601, null while processing. */
  settled_at: z.string().nullable(),
  outputs: z.array(expansionOutputSchema),
});
export type Expansion = z.infer<typeof expansionSchema>;

/** GET /v1/account -> 200 */
export const apiAccountSchema = z.object({
  /** Credits the key spends from: the team's pool inside a team, else the account's. */
  credits: z.number().int().nonnegative(),
  plan: z.string(),
  key: z.object({ name: z.string(), mode: z.enum(apiKeyModes) }),
  rate_limit: z.object({
    expansions_per_minute: z.number().int().positive(),
    /** Outputs that may be queued or running at once. */
    active_outputs: z.number().int().positive(),
    /** Test keys only: calls left today (UTC). */
    test_calls_left_today: z.number().int().nonnegative().nullable(),
  }),
});
export type ApiAccount = z.infer<typeof apiAccountSchema>;
