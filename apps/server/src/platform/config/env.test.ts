import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

/** Everything a production start needs, with Stripe. */
const production = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'x'.repeat(32),
  APP_URL: 'https://reframe.example.com',
  SMTP_URL: 'smtp://mail.example.com:587',
  STRIPE_SECRET_KEY: 'sk_live_abc',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc',
  STRIPE_PRICE_STARTER: 'price_starter',
  STRIPE_PRICE_GROWTH: 'price_growth',
  STRIPE_PRICE_EXPERT: 'price_expert',
};

const without = (name: keyof typeof production) =>
  Object.fromEntries(Object.entries(production).filter(([key]) => key !== name));

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env, '/srv/reframe');
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected loadConfig to fail');
}

describe('loadConfig', () => {
  it('runs with the embedded defaults when nothing is set', () => {
    const config = loadConfig({}, '/srv/reframe');
    expect(config.server).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      appUrl: 'http://localhost:3000',
      dataDir: '/srv/reframe/data',
      trustProxy: false,
    });
    expect(config.db).toEqual({ kind: 'sqlite', file: '/srv/reframe/data/reframe.db' });
    expect(config.mail).toEqual({
      from: 'Reframe <no-reply@reframe.local>',
      transport: { kind: 'outbox' },
      devMailbox: true,
    });
    expect(Object.isFrozen(config.server)).toBe(true);
  });

  it('derives APP_URL from PORT and switches to PostgreSQL and SMTP when their URLs are set', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        DATABASE_URL: 'postgres://u:p@db:5432/reframe',
        SMTP_URL: 'smtp://mail:25',
        TRUST_PROXY: '2',
      },
      '/srv',
    );
    expect(config.server.appUrl).toBe('http://localhost:8080');
    expect(config.server.trustProxy).toBe(2);
    expect(config.server.trustedOrigins).toEqual([
      'http://localhost:8080',
      'http://127.0.0.1:8080',
      'http://[::1]:8080',
    ]);
    expect(config.db).toEqual({ kind: 'postgres', url: 'postgres://u:p@db:5432/reframe' });
    expect(config.mail.transport).toEqual({ kind: 'smtp', url: 'smtp://mail:25' });
    expect(config.mail.devMailbox).toBe(false);
  });

  it('names a bad PORT and says how to fix it', () => {
    const [problem] = problemsOf({ PORT: 'abc' });
    expect(problem).toContain('PORT');
    expect(problem).toContain('e.g. PORT=3000');
    expect(problem).toContain('(got "abc")');
  });

  it('lists every bad variable at once', () => {
    const problems = problemsOf({ PORT: '70000', APP_URL: 'not a url', LOG_LEVEL: 'loud' });
    expect(problems.map((p) => p.split(' ')[0])).toEqual(['PORT', 'APP_URL', 'LOG_LEVEL']);
  });

  it('requires a long AUTH_SECRET in production without echoing it', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toContainEqual(
      expect.stringMatching(/^AUTH_SECRET is required when NODE_ENV=production/),
    );
    const tooShort = problemsOf({ ...production, AUTH_SECRET: 'short-secret' });
    expect(tooShort).toEqual([expect.stringContaining('at least 32 characters')]);
    expect(tooShort[0]).toMatch(/^AUTH_SECRET /);
    expect(tooShort[0]).not.toContain('short-secret');
  });

  it('rejects a DATABASE_URL that is not PostgreSQL', () => {
    expect(problemsOf({ DATABASE_URL: 'mysql://db/reframe' })[0]).toMatch(
      /^DATABASE_URL must be a PostgreSQL URL/,
    );
  });

  it('turns off the dev mailbox in production', () => {
    const config = loadConfig(production, '/srv');
    expect(config.mail.devMailbox).toBe(false);
    expect(config.devRoutes).toBe(false);
    expect(config.isProduction).toBe(true);
    const public_ = loadConfig({ APP_URL: 'https://reframe.example.com/' }, '/srv');
    expect(public_.server.appUrl).toBe('https://reframe.example.com');
    expect(public_.server.trustedOrigins).toEqual(['https://reframe.example.com']);
  });
});

describe('a production start', () => {
  it('starts with every production variable set, on Stripe', () => {
    const config = loadConfig(production, '/srv');
    expect(config.payments.provider).toBe('stripe');
    expect(config.server.appUrl).toBe('https://reframe.example.com');
  });

  it('stops without a Stripe key, naming it and the demo switch', () => {
    expect(problemsOf(without('STRIPE_SECRET_KEY'))).toEqual([
      'STRIPE_SECRET_KEY is required when NODE_ENV=production; or set PAYMENTS_DEMO_MODE=true for a demo deployment whose payments are simulated',
    ]);
    const noStripe = problemsOf({
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(32),
      APP_URL: 'https://reframe.example.com',
      SMTP_URL: 'smtp://mail.example.com:587',
      STRIPE_SECRET_KEY: '',
    });
    expect(noStripe.map((problem) => problem.split(' ')[0])).toEqual([
      'STRIPE_SECRET_KEY',
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_PRICE_STARTER',
      'STRIPE_PRICE_GROWTH',
      'STRIPE_PRICE_EXPERT',
    ]);
  });

  it('runs the simulated payments only when PAYMENTS_DEMO_MODE=true says it is a demo', () => {
    const demo = loadConfig(
      {
        NODE_ENV: 'production',
        AUTH_SECRET: 'x'.repeat(32),
        APP_URL: 'https://demo.example.com',
        SMTP_URL: 'smtp://mail.example.com:587',
        PAYMENTS_DEMO_MODE: 'true',
      },
      '/srv',
    );
    expect(demo.payments).toEqual({ provider: 'test-mode', webhookSecret: null, demo: true });
    expect(loadConfig({}, '/srv').payments).toMatchObject({ provider: 'test-mode', demo: false });
    expect(problemsOf({ ...production, PAYMENTS_DEMO_MODE: 'true' })).toEqual([
      'PAYMENTS_DEMO_MODE must not be true when STRIPE_SECRET_KEY is set (a demo takes no real payments) (got "true")',
    ]);
    expect(problemsOf({ PAYMENTS_DEMO_MODE: 'yes' })[0]).toMatch(
      /^PAYMENTS_DEMO_MODE must be true or false/,
    );
  });

  it('stops without AUTH_SECRET, naming it', () => {
    expect(problemsOf(without('AUTH_SECRET'))).toEqual([
      'AUTH_SECRET is required when NODE_ENV=production (at least 32 characters); generate one with: openssl rand -base64 32',
    ]);
  });

  it('stops with an APP_URL that is not https, or none, naming it', () => {
    const http = problemsOf({ ...production, APP_URL: 'http://reframe.example.com' });
    expect(http).toEqual([
      'APP_URL must be the public https URL of the site when NODE_ENV=production, e.g. APP_URL=https://reframe.example.com (got "http://reframe.example.com")',
    ]);
    expect(problemsOf(without('APP_URL'))).toEqual([
      expect.stringMatching(/^APP_URL must be the public https URL/),
    ]);
  });

  it('stops without SMTP_URL, naming it', () => {
    expect(problemsOf(without('SMTP_URL'))).toEqual([
      expect.stringMatching(/^SMTP_URL is required when NODE_ENV=production/),
    ]);
  });

  it.each([
    '*.com',
    'replicate.delivery,*.delivery',
    '127.0.0.1',
    'cdn.example.com,2130706433',
    '0x7f000001',
  ])(
    'stops with REPLICATE_OUTPUT_HOSTS=%s (a wildcard over a whole top-level domain, or an IP address)',
    (hosts) => {
      expect(problemsOf({ ...production, REPLICATE_OUTPUT_HOSTS: hosts })).toEqual([
        expect.stringMatching(/^REPLICATE_OUTPUT_HOSTS must name hosts, not IP addresses/),
      ]);
    },
  );

  it('keeps the default output hosts and subdomain wildcards of a named domain', () => {
    expect(() =>
      loadConfig(
        { ...production, REPLICATE_OUTPUT_HOSTS: 'replicate.delivery,*.replicate.delivery' },
        '/srv',
      ),
    ).not.toThrow();
    expect(() => loadConfig(production, '/srv')).not.toThrow();
  });

  it('stops with a plain-http S3_ENDPOINT', () => {
    const env = { ...production, STORAGE_DRIVER: 's3', S3_BUCKET: 'reframe-files' };
    expect(problemsOf({ ...env, S3_ENDPOINT: 'http://minio.internal:9000' })).toEqual([
      expect.stringMatching(/^S3_ENDPOINT must be an https URL when NODE_ENV=production/),
    ]);
    expect(() =>
      loadConfig({ ...env, S3_ENDPOINT: 'https://minio.internal:9000' }, '/srv'),
    ).not.toThrow();
  });
});

describe('the dev routes (dev mailbox and billing clock)', () => {
  it('are on with no settings at all, as npm start runs', () => {
    expect(loadConfig({}, '/srv')).toMatchObject({ devRoutes: true, mail: { devMailbox: true } });
  });

  it('are off when APP_URL is not on this machine, whatever NODE_ENV says', () => {
    for (const NODE_ENV of [undefined, 'development', 'test']) {
      const config = loadConfig({ NODE_ENV, APP_URL: 'http://staging.example.com' }, '/srv');
      expect(config).toMatchObject({ devRoutes: false, mail: { devMailbox: false } });
    }
  });

  it('follow an explicit DEV_ROUTES, which production refuses', () => {
    const on = loadConfig({ APP_URL: 'http://staging.example.com', DEV_ROUTES: 'true' }, '/srv');
    expect(on.devRoutes).toBe(true);
    expect(loadConfig({ DEV_ROUTES: 'false' }, '/srv').mail.devMailbox).toBe(false);
    expect(problemsOf({ ...production, DEV_ROUTES: 'true' })).toEqual([
      expect.stringMatching(/^DEV_ROUTES must not be true when NODE_ENV=production/),
    ]);
  });
});

describe("the password hashing's cost", () => {
  it("is OWASP's in production, with no settings, and on a public host whatever NODE_ENV says", () => {
    expect(loadConfig(production, '/srv').auth.passwordCost).toBe('owasp');
    expect(loadConfig({}, '/srv').auth.passwordCost).toBe('owasp');
    for (const NODE_ENV of [undefined, 'development', 'test']) {
      const config = loadConfig({ NODE_ENV, APP_URL: 'http://staging.example.com' }, '/srv');
      expect(config.auth.passwordCost).toBe('owasp');
    }
  });

  it("is the tests' only under NODE_ENV=test with APP_URL on this machine", () => {
    const config = loadConfig({ NODE_ENV: 'test', APP_URL: 'http://127.0.0.1:4000' }, '/srv');
    expect(config.auth.passwordCost).toBe('test');
  });
});

describe('the outpainter (AI_PROVIDER)', () => {
  const replicate = {
    AI_PROVIDER: 'replicate',
    REPLICATE_API_TOKEN: 'r8_secret_token_value',
    REPLICATE_MODEL_VERSION: 'b'.repeat(64),
  };

  it('is the built-in engine with no settings, with no fallback to configure', () => {
    expect(loadConfig({}, '/srv/reframe').outpainter).toEqual({
      provider: 'engine',
      fallback: false,
    });
  });

  it('points Replicate at its API and output hosts by default, and polls only without a secret', () => {
    const config = loadConfig(
      { ...production, ...replicate, AI_FALLBACK: 'engine' },
      '/srv/reframe',
    );
    expect(config.outpainter).toMatchObject({
      provider: 'replicate',
      fallback: true,
      replicate: {
        baseUrl: 'https://api.replicate.com/v1',
        webhook: null,
        maskInput: null,
        output: {
          hosts: ['replicate.delivery', '*.replicate.delivery'],
          maxBytes: 25 * 1024 * 1024,
        },
      },
    });
  });

  it('refuses to start Replicate without a token or a model, in production or not', () => {
    for (const base of [{}, production]) {
      const problems = problemsOf({ ...base, AI_PROVIDER: 'replicate' });
      expect(problems.map((p) => p.split(' ')[0])).toEqual([
        'REPLICATE_API_TOKEN',
        'REPLICATE_MODEL',
      ]);
    }
  });

  it('runs a known model by name, and refuses an unknown one with the names it knows', () => {
    const named = { AI_PROVIDER: 'replicate', REPLICATE_API_TOKEN: 'r8_secret_token_value' };
    const config = loadConfig(
      { ...named, REPLICATE_MODEL: 'black-forest-labs/flux-fill-pro' },
      '/srv/reframe',
    );
    expect(config.outpainter).toMatchObject({
      replicate: { model: 'black-forest-labs/flux-fill-pro', modelVersion: null },
    });
    const problems = problemsOf({ ...named, REPLICATE_MODEL: 'someone/stable-outpaint' });
    expect(problems).toEqual([
      'REPLICATE_MODEL is not a model Reframe knows how to call; known models: black-forest-labs/flux-fill-pro, black-forest-labs/flux-fill-dev, bria/expand-image, stability-ai/stable-diffusion-inpainting (got "someone/stable-outpaint")',
    ]);
  });

  it('refuses an http API in production and never echoes the token or the webhook secret', () => {
    const problems = problemsOf({
      ...production,
      ...replicate,
      REPLICATE_BASE_URL: 'http://api.replicate.com/v1',
      REPLICATE_API_TOKEN: 'short',
      REPLICATE_WEBHOOK_SECRET: 'not-a-whsec-secret',
    });
    expect(problems.map((p) => p.split(' ')[0]).sort()).toEqual([
      'REPLICATE_API_TOKEN',
      'REPLICATE_BASE_URL',
      'REPLICATE_WEBHOOK_SECRET',
    ]);
    expect(problems.join('\n')).not.toMatch(/short|not-a-whsec-secret/);
  });

  describe('ROLE', () => {
    const s3 = { STORAGE_DRIVER: 's3', S3_BUCKET: 'reframe-files' };
    const postgres = { DATABASE_URL: 'postgres://reframe@db:5432/reframe' };

    it('runs the site and the jobs in one process by default', () => {
      expect(loadConfig({}, '/srv/reframe').role).toMatchObject({
        name: 'all',
        serves: true,
        runsJobs: true,
      });
    });

    it('refuses a web or worker process on SQLite or the disk driver, saying why', () => {
      for (const role of ['web', 'worker']) {
        const onSqlite = problemsOf({ ROLE: role, ...s3 });
        expect(onSqlite).toEqual([
          `ROLE must be all unless DATABASE_URL is set (PostgreSQL): separate web and worker processes on SQLite would each have their own database and job queue (got "${role}")`,
        ]);
        const onDisk = problemsOf({ ROLE: role, ...postgres });
        expect(onDisk).toEqual([
          `ROLE must be all unless STORAGE_DRIVER=s3: with the disk driver a worker's results would be on its own disk, where no web process can serve them (got "${role}")`,
        ]);
      }
    });

    it('splits the work on PostgreSQL and a bucket', () => {
      expect(loadConfig({ ROLE: 'web', ...postgres, ...s3 }, '/srv/reframe').role).toMatchObject({
        serves: true,
        runsJobs: false,
      });
      const worker = loadConfig({ ROLE: 'worker', ...postgres, ...s3 }, '/srv/reframe');
      expect(worker.role).toMatchObject({ serves: false, runsJobs: true });
      expect(worker.resizer.storage.s3).toEqual({
        bucket: 'reframe-files',
        region: 'us-east-1',
        endpoint: undefined,
        forcePathStyle: false,
      });
    });

    it('needs a bucket for the s3 driver', () => {
      expect(problemsOf({ STORAGE_DRIVER: 's3' })).toEqual([
        'S3_BUCKET must be set when STORAGE_DRIVER=s3, e.g. S3_BUCKET=reframe-files',
      ]);
    });
  });
});
