import { isAbsolute, resolve } from 'node:path';
import * as z from 'zod';
import { buildPaymentsConfig, paymentsProblems, paymentsShape } from './payments-config';
import { buildOutpainterConfig, outpainterProblems, outpainterShape } from './outpainter-config';
import { buildResizerConfig, resizerProblems, resizerShape } from './resizer-config';
import { buildLimitsConfig, limitsShape } from './limits-config';
import {
  devRoutesEnabled,
  localWebhooksAllowed,
  passwordCost,
  productionProblems,
} from './production-rules';

/**
 * The only reader of process.env. One schema, assembled from one piece per concern: each piece
 * lists its variables (with defaults and a fix hint in every message) and builds its part of the
 * frozen config. Adding a concern means adding one piece to `concerns` below.
 */

const portSchema = z.coerce
  .number({ error: 'must be a whole number between 1 and 65535, e.g. PORT=3000' })
  .int({ error: 'must be a whole number between 1 and 65535, e.g. PORT=3000' })
  .min(1, { error: 'must be a whole number between 1 and 65535, e.g. PORT=3000' })
  .max(65535, { error: 'must be a whole number between 1 and 65535, e.g. PORT=3000' });

const positiveInt = (example: string) =>
  z.coerce
    .number({ error: `must be a positive whole number, e.g. ${example}` })
    .int({ error: `must be a positive whole number, e.g. ${example}` })
    .positive({ error: `must be a positive whole number, e.g. ${example}` });

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(emptyAsUndefined, schema.optional());

const serverShape = {
  NODE_ENV: z
    .enum(['development', 'test', 'production'], {
      error: 'must be one of development, test, production',
    })
    .default('development'),
  PORT: portSchema.default(3000),
  HOST: z.string().min(1, { error: 'must not be empty, e.g. HOST=0.0.0.0' }).default('0.0.0.0'),
  APP_URL: optional(
    z.url({
      protocol: /^https?$/,
      error: 'must be the public http(s) URL of the site, e.g. APP_URL=https://reframe.example.com',
    }),
  ),
  DATA_DIR: z
    .string()
    .min(1, { error: 'must be a folder path, e.g. DATA_DIR=./data' })
    .default('./data'),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d+|[\d.:a-fA-F/, ]+)$/, {
      error:
        'must be true, false, a number of proxy hops, or a comma-separated list of proxy IPs/CIDRs, e.g. TRUST_PROXY=1',
    })
    .default('false'),
  ROLE: z
    .enum(['all', 'web', 'worker'], {
      error:
        'must be all (site and jobs in one process), web (site and API only) or worker (jobs only)',
    })
    .default('all'),
  SHUTDOWN_GRACE_SECONDS: positiveInt('SHUTDOWN_GRACE_SECONDS=30').default(30),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
};

const dbShape = {
  DATABASE_URL: optional(
    z.string().regex(/^postgres(ql)?:\/\/.+/, {
      error:
        'must be a PostgreSQL URL such as postgres://user:pass@host:5432/reframe, or unset to use SQLite in DATA_DIR',
    }),
  ),
};

const authShape = {
  AUTH_SECRET: optional(
    z.string().min(32, {
      error: 'must be at least 32 characters; generate one with: openssl rand -base64 32',
    }),
  ),
};

const mailShape = {
  SMTP_URL: optional(
    z.string().regex(/^smtps?:\/\/.+/, {
      error:
        'must be an SMTP URL such as smtp://user:pass@smtp.example.com:587, or unset to use the outbox',
    }),
  ),
  MAIL_FROM: z
    .string()
    .min(3, { error: 'must be a sender such as MAIL_FROM="Reframe <no-reply@example.com>"' })
    .default('Reframe <no-reply@reframe.local>'),
};

const devShape = {
  DEV_ROUTES: optional(
    z.enum(['true', 'false'], {
      error: 'must be true or false (the dev mailbox and billing clock, for loopback clients only)',
    }),
  ),
};

const rateLimitShape = {
  RATE_LIMIT_WINDOW_SECONDS: positiveInt('RATE_LIMIT_WINDOW_SECONDS=600').default(600),
  RATE_LIMIT_MAX_PER_IP: positiveInt('RATE_LIMIT_MAX_PER_IP=30').default(30),
  RATE_LIMIT_MAX_PER_ACCOUNT: positiveInt('RATE_LIMIT_MAX_PER_ACCOUNT=10').default(10),
  RATE_LIMIT_ACCOUNT_SLOWDOWN_AFTER: positiveInt('RATE_LIMIT_ACCOUNT_SLOWDOWN_AFTER=30').default(
    30,
  ),
  RATE_LIMIT_ACCOUNT_SLOWDOWN_MS: positiveInt('RATE_LIMIT_ACCOUNT_SLOWDOWN_MS=2000').default(2000),
};

const envSchema = z
  .object({
    ...serverShape,
    ...dbShape,
    ...authShape,
    ...mailShape,
    ...rateLimitShape,
    ...paymentsShape,
    ...resizerShape,
    ...outpainterShape,
    ...limitsShape,
    ...devShape,
  })
  .superRefine((env, ctx) => {
    for (const problem of paymentsProblems(env)) {
      ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
    }
    for (const problem of outpainterProblems(env)) {
      ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
    }
    for (const problem of resizerProblems(env)) {
      ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
    }
    for (const problem of roleProblems(env)) {
      ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
    }
    for (const problem of productionProblems(env)) {
      ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
    }
  });

type Env = z.infer<typeof envSchema>;

/**
 * Separate web and worker processes share state only through PostgreSQL and a bucket: on SQLite
 * or the disk driver each would have its own, so they refuse to start.
 */
function roleProblems(env: {
  ROLE: 'all' | 'web' | 'worker';
  DATABASE_URL?: string | undefined;
  STORAGE_DRIVER: 'disk' | 's3';
}): { path: string; message: string }[] {
  if (env.ROLE === 'all') return [];
  const problems = [];
  if (!env.DATABASE_URL) {
    problems.push({
      path: 'ROLE',
      message:
        'must be all unless DATABASE_URL is set (PostgreSQL): separate web and worker processes on SQLite would each have their own database and job queue',
    });
  }
  if (env.STORAGE_DRIVER !== 's3') {
    problems.push({
      path: 'ROLE',
      message:
        "must be all unless STORAGE_DRIVER=s3: with the disk driver a worker's results would be on its own disk, where no web process can serve them",
    });
  }
  return problems;
}

function parseTrustProxy(value: string): boolean | number | string[] {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * The origins state-changing requests may come from: APP_URL's, plus, when it is localhost, the
 * same port on 127.0.0.1 and [::1], so a newcomer typing either address is not refused.
 */
function trustedOriginsFor(url: URL): string[] {
  if (url.hostname !== 'localhost') return [url.origin];
  const port = url.port ? `:${url.port}` : '';
  return [url.origin, `${url.protocol}//127.0.0.1${port}`, `${url.protocol}//[::1]${port}`];
}

function buildConfig(env: Env, cwd: string) {
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const dataDir = isAbsolute(env.DATA_DIR) ? env.DATA_DIR : resolve(cwd, env.DATA_DIR);
  const isProduction = env.NODE_ENV === 'production';
  const devRoutes = devRoutesEnabled(env, new URL(appUrl));
  return {
    env: env.NODE_ENV,
    isProduction,
    /** The dev mailbox and billing clock exist (and answer loopback clients only). */
    devRoutes,
    /** API webhooks may go to loopback receivers over http (production-rules.ts). */
    localWebhooks: localWebhooksAllowed(env.NODE_ENV, new URL(appUrl)),
    /** What this process does: serve the site and API (web), run jobs (worker), or both (all). */
    role: {
      serves: env.ROLE !== 'worker',
      runsJobs: env.ROLE !== 'web',
      name: env.ROLE,
      shutdownGraceMs: env.SHUTDOWN_GRACE_SECONDS * 1000,
    },
    server: {
      port: env.PORT,
      host: env.HOST,
      appUrl,
      appOrigin: new URL(appUrl).origin,
      trustedOrigins: trustedOriginsFor(new URL(appUrl)),
      trustProxy: parseTrustProxy(env.TRUST_PROXY),
      dataDir,
    },
    db: env.DATABASE_URL
      ? ({ kind: 'postgres', url: env.DATABASE_URL } as const)
      : ({ kind: 'sqlite', file: resolve(dataDir, 'reframe.db') } as const),
    auth: {
      secret: env.AUTH_SECRET,
      secretFile: resolve(dataDir, 'auth-secret'),
      passwordCost: passwordCost(env.NODE_ENV, new URL(appUrl)),
    },
    mail: {
      from: env.MAIL_FROM,
      transport: env.SMTP_URL
        ? ({ kind: 'smtp', url: env.SMTP_URL } as const)
        : ({ kind: 'outbox' } as const),
      devMailbox: devRoutes && !env.SMTP_URL,
    },
    rateLimit: {
      windowMs: env.RATE_LIMIT_WINDOW_SECONDS * 1000,
      maxPerIp: env.RATE_LIMIT_MAX_PER_IP,
      maxPerAccount: env.RATE_LIMIT_MAX_PER_ACCOUNT,
      slowdownAfter: env.RATE_LIMIT_ACCOUNT_SLOWDOWN_AFTER,
      slowdownMs: env.RATE_LIMIT_ACCOUNT_SLOWDOWN_MS,
    },
    log: { level: env.LOG_LEVEL },
    payments: buildPaymentsConfig(env),
    resizer: buildResizerConfig(env, dataDir),
    outpainter: buildOutpainterConfig(env, appUrl),
    limits: buildLimitsConfig(env),
  };
}

export type Config = ReturnType<typeof buildConfig>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Invalid environment configuration (see .env.example):\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

// Never echoed back in error messages: they may hold passwords.
const SECRET_VARIABLES = new Set([
  'AUTH_SECRET',
  'DATABASE_URL',
  'SMTP_URL',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'REPLICATE_API_TOKEN',
  'REPLICATE_WEBHOOK_SECRET',
]);

/** Parses the given environment (process.env in main.ts) once; throws ConfigError naming every bad variable. */
export function loadConfig(
  source: Record<string, string | undefined> = process.env,
  cwd: string = process.cwd(),
): Readonly<Config> {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const got = source[name];
      const shown = got === undefined || SECRET_VARIABLES.has(name) ? '' : ` (got "${got}")`;
      return `${name} ${issue.message}${shown}`;
    });
    throw new ConfigError(problems);
  }
  return deepFreeze(buildConfig(result.data, cwd));
}

/** For entry points: prints every bad variable and exits non-zero instead of throwing. */
export function loadConfigOrExit(): Readonly<Config> {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
