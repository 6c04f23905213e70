import * as z from 'zod';

/**
 * The payments piece of config/env.ts: with STRIPE_SECRET_KEY the Stripe provider (and then the
 * webhook secret, publishable key and the three price ids are required), otherwise the built-in
 * test-mode provider. In production the test mode, whose "Pay" button charges nothing, runs only
 * when PAYMENTS_DEMO_MODE=true says the deployment is a demo (every page then says so).
 */
const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = (pattern: RegExp, error: string) =>
  z.preprocess(emptyAsUndefined, z.string().regex(pattern, { error }).optional());

export const paymentsShape = {
  STRIPE_SECRET_KEY: optionalString(
    /^(sk|rk)_(test|live)_\w+$/,
    'must be a Stripe secret key (sk_test_… or sk_live_…), or unset for the built-in test mode',
  ),
  STRIPE_PUBLISHABLE_KEY: optionalString(
    /^pk_(test|live)_\w+$/,
    'must be a Stripe publishable key such as pk_test_…',
  ),
  STRIPE_WEBHOOK_SECRET: optionalString(
    /^whsec_\w+$/,
    'must be the webhook signing secret shown by Stripe (whsec_…)',
  ),
  STRIPE_PRICE_STARTER: optionalString(/^price_\w+$/, 'must be a Stripe price id (price_…)'),
  STRIPE_PRICE_GROWTH: optionalString(/^price_\w+$/, 'must be a Stripe price id (price_…)'),
  STRIPE_PRICE_EXPERT: optionalString(/^price_\w+$/, 'must be a Stripe price id (price_…)'),
  PAYMENTS_DEMO_MODE: z
    .enum(['true', 'false'], {
      error: 'must be true or false (true: simulated payments, with a demo banner on every page)',
    })
    .default('false'),
};

type PaymentsEnv = {
  [K in Exclude<keyof typeof paymentsShape, 'PAYMENTS_DEMO_MODE'>]?: string | undefined;
} & { PAYMENTS_DEMO_MODE: 'true' | 'false'; NODE_ENV: string };

const requiredWithStripe = [
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_STARTER',
  'STRIPE_PRICE_GROWTH',
  'STRIPE_PRICE_EXPERT',
] as const;

/**
 * Issues for env.ts's superRefine: with a Stripe key, every other Stripe variable is needed; in
 * production, so is the key itself unless the deployment is declared a demo; a demo has no key.
 */
export function paymentsProblems(env: PaymentsEnv): { path: string; message: string }[] {
  const demo = env.PAYMENTS_DEMO_MODE === 'true';
  if (env.STRIPE_SECRET_KEY && demo) {
    return [
      {
        path: 'PAYMENTS_DEMO_MODE',
        message: 'must not be true when STRIPE_SECRET_KEY is set (a demo takes no real payments)',
      },
    ];
  }
  if (env.STRIPE_SECRET_KEY) {
    return requiredWithStripe
      .filter((name) => !env[name])
      .map((name) => ({ path: name, message: 'is required when STRIPE_SECRET_KEY is set' }));
  }
  if (env.NODE_ENV !== 'production' || demo) return [];
  return (['STRIPE_SECRET_KEY', ...requiredWithStripe] as const)
    .filter((name) => !env[name])
    .map((name) => ({
      path: name,
      message:
        'is required when NODE_ENV=production; or set PAYMENTS_DEMO_MODE=true for a demo deployment whose payments are simulated',
    }));
}

export type PaymentsConfig =
  | {
      provider: 'stripe';
      secretKey: string;
      publishableKey: string;
      webhookSecret: string;
      priceIds: { starter: string; growth: string; expert: string };
    }
  | {
      provider: 'test-mode';
      webhookSecret: string | null;
      /** PAYMENTS_DEMO_MODE: every page shows the demo banner. */
      demo: boolean;
    };

export function buildPaymentsConfig(env: PaymentsEnv): PaymentsConfig {
  if (!env.STRIPE_SECRET_KEY) {
    return {
      provider: 'test-mode',
      webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? null,
      demo: env.PAYMENTS_DEMO_MODE === 'true',
    };
  }
  return {
    provider: 'stripe',
    secretKey: env.STRIPE_SECRET_KEY,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? '',
    webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
    priceIds: {
      starter: env.STRIPE_PRICE_STARTER ?? '',
      growth: env.STRIPE_PRICE_GROWTH ?? '',
      expert: env.STRIPE_PRICE_EXPERT ?? '',
    },
  };
}
