import * as z from 'zod';

/**
 * The outpainter piece of config/env.ts: which provider makes the pixels (AI_PROVIDER), whether
 * the engine stands in when it is unavailable (AI_FALLBACK), and Replicate's settings.
 */
const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(emptyAsUndefined, schema.optional());

/**
 * The hosted models REPLICATE_MODEL may name; the Replicate adapter has a family for each
 * (replicate/model-families.ts), which the type checker holds it to.
 */
export const modelNames = [
  'black-forest-labs/flux-fill-pro',
  'black-forest-labs/flux-fill-dev',
  'bria/expand-image',
  'stability-ai/stable-diffusion-inpainting',
] as const;
export type ModelName = (typeof modelNames)[number];

export function isModelName(name: string): name is ModelName {
  return (modelNames as readonly string[]).includes(name);
}

/** Replicate's API; output files are served from replicate.delivery and its subdomains. */
export const REPLICATE_DEFAULT_BASE_URL = 'https://api.replicate.com/v1';
const DEFAULT_OUTPUT_HOSTS = 'replicate.delivery,*.replicate.delivery';

export const outpainterShape = {
  AI_PROVIDER: z
    .enum(['engine', 'replicate'], {
      error: 'must be engine (the built-in engine) or replicate (needs REPLICATE_API_TOKEN)',
    })
    .default('engine'),
  AI_FALLBACK: z
    .enum(['none', 'engine'], {
      error: 'must be none or engine (the built-in engine makes results while Replicate is down)',
    })
    .default('none'),
  REPLICATE_API_TOKEN: optional(
    z.string().min(8, { error: 'must be a Replicate API token (r8_…), from replicate.com' }),
  ),
  REPLICATE_MODEL_VERSION: optional(
    z.string().regex(/^[A-Za-z0-9._\-/:]{8,200}$/, {
      error:
        'must be the version id of an image-to-image outpainting or inpainting model, e.g. REPLICATE_MODEL_VERSION=<64 hex characters>',
    }),
  ),
  REPLICATE_MODEL: optional(
    z.string().regex(/^[a-z0-9][a-z0-9._-]{0,63}\/[a-z0-9][a-z0-9._-]{0,99}$/, {
      error: `must be a hosted model's <owner>/<name>, one of: ${modelNames.join(', ')}`,
    }),
  ),
  REPLICATE_BASE_URL: optional(
    z.url({
      protocol: /^https?$/,
      error: `must be the API's base URL, e.g. REPLICATE_BASE_URL=${REPLICATE_DEFAULT_BASE_URL}`,
    }),
  ),
  REPLICATE_WEBHOOK_SECRET: optional(
    z.string().regex(/^whsec_[A-Za-z0-9+/=]{16,}$/, {
      error:
        'must be the signing secret Replicate gives for webhooks (whsec_…, from GET /v1/webhooks/default/secret)',
    }),
  ),
  REPLICATE_MASK_INPUT: optional(
    z.string().regex(/^[a-z_][a-z0-9_]{0,63}$/, {
      error: 'must be the model input that takes the mask, e.g. REPLICATE_MASK_INPUT=mask',
    }),
  ),
  REPLICATE_OUTPUT_HOSTS: z
    .string()
    .regex(/^(\*\.)?[a-z0-9.-]+(,(\*\.)?[a-z0-9.-]+)*$/, {
      error: `must be a comma-separated list of hosts, e.g. REPLICATE_OUTPUT_HOSTS=${DEFAULT_OUTPUT_HOSTS}`,
    })
    .default(DEFAULT_OUTPUT_HOSTS),
  REPLICATE_OUTPUT_MAX_MB: optional(
    z.coerce
      .number({ error: 'must be a whole number of megabytes, e.g. REPLICATE_OUTPUT_MAX_MB=25' })
      .int({ error: 'must be a whole number of megabytes, e.g. REPLICATE_OUTPUT_MAX_MB=25' })
      .min(1, { error: 'must be a whole number of megabytes, e.g. REPLICATE_OUTPUT_MAX_MB=25' })
      .max(200, { error: 'must be at most 200' }),
  ),
  REPLICATE_CA_FILE: optional(
    z.string().min(1, { error: 'must be the path of a PEM certificate file' }),
  ),
};

export interface OutpainterEnv {
  NODE_ENV: string;
  AI_PROVIDER: 'engine' | 'replicate';
  AI_FALLBACK: 'none' | 'engine';
  REPLICATE_API_TOKEN?: string | undefined;
  REPLICATE_MODEL_VERSION?: string | undefined;
  REPLICATE_MODEL?: string | undefined;
  REPLICATE_BASE_URL?: string | undefined;
  REPLICATE_WEBHOOK_SECRET?: string | undefined;
  REPLICATE_MASK_INPUT?: string | undefined;
  REPLICATE_OUTPUT_HOSTS: string;
  REPLICATE_OUTPUT_MAX_MB?: number | undefined;
  REPLICATE_CA_FILE?: string | undefined;
}

/** Replicate cannot run without a token and a model; production talks to it over https only. */
export function outpainterProblems(env: OutpainterEnv): { path: string; message: string }[] {
  if (env.AI_PROVIDER !== 'replicate') return [];
  const problems: { path: string; message: string }[] = [];
  if (!env.REPLICATE_API_TOKEN) {
    problems.push({
      path: 'REPLICATE_API_TOKEN',
      message:
        'is required when AI_PROVIDER=replicate (an API token from replicate.com/account/api-tokens), or set AI_PROVIDER=engine',
    });
  }
  if (env.REPLICATE_MODEL && !isModelName(env.REPLICATE_MODEL)) {
    problems.push({
      path: 'REPLICATE_MODEL',
      message: `is not a model Reframe knows how to call; known models: ${modelNames.join(', ')}`,
    });
  }
  if (!env.REPLICATE_MODEL && !env.REPLICATE_MODEL_VERSION) {
    problems.push({
      path: 'REPLICATE_MODEL',
      message: `or REPLICATE_MODEL_VERSION is required when AI_PROVIDER=replicate: a model by name (${modelNames.join(', ')}), or the version id of an image-to-image outpainting or inpainting model`,
    });
  }
  if (env.NODE_ENV === 'production' && env.REPLICATE_BASE_URL?.startsWith('http://')) {
    problems.push({
      path: 'REPLICATE_BASE_URL',
      message: 'must be an https URL when NODE_ENV=production (the token travels with each call)',
    });
  }
  return problems;
}

export function buildOutpainterConfig(env: OutpainterEnv, appUrl: string) {
  if (env.AI_PROVIDER === 'engine') {
    return { provider: 'engine' as const, fallback: false as const };
  }
  return {
    provider: 'replicate' as const,
    /** AI_FALLBACK=engine: the engine makes the result while Replicate is unavailable. */
    fallback: env.AI_FALLBACK === 'engine',
    replicate: {
      // The token and a model are present: outpainterProblems refuses the start otherwise.
      token: env.REPLICATE_API_TOKEN ?? '',
      /** A model by name, with its adapter (replicate/model-families.ts); null: the brief's request. */
      model: env.REPLICATE_MODEL && isModelName(env.REPLICATE_MODEL) ? env.REPLICATE_MODEL : null,
      modelVersion: env.REPLICATE_MODEL_VERSION ?? null,
      baseUrl: (env.REPLICATE_BASE_URL ?? REPLICATE_DEFAULT_BASE_URL).replace(/\/+$/, ''),
      /** Where Replicate sends signed webhooks, when a secret is set; else we only poll. */
      webhook: env.REPLICATE_WEBHOOK_SECRET
        ? { url: `${appUrl}/api/replicate/webhook`, secret: env.REPLICATE_WEBHOOK_SECRET }
        : null,
      maskInput: env.REPLICATE_MASK_INPUT ?? null,
      output: {
        hosts: env.REPLICATE_OUTPUT_HOSTS.split(','),
        maxBytes: (env.REPLICATE_OUTPUT_MAX_MB ?? 25) * 1024 * 1024,
        /** One download of the model's output, redirects included. */
        timeoutMs: 20_000,
        caFile: env.REPLICATE_CA_FILE ?? null,
        /** Only outside production may an output come from a private or loopback address. */
        allowPrivateAddresses: env.NODE_ENV !== 'production',
      },
    },
  };
}

export type OutpainterConfig = ReturnType<typeof buildOutpainterConfig>;
export type ReplicateConfig = Extract<OutpainterConfig, { provider: 'replicate' }>['replicate'];
