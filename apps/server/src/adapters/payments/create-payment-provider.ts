import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AdjustableClock } from '../../platform/clock/clock';
import type { DB } from '../../platform/db/types';
import type { PaymentProvider } from './payment-provider';
import type { PaymentsConfig } from '../../platform/config/payments-config';
import { createStripeProvider } from './stripe-provider';
import { createTestModeProvider } from './test-mode/test-mode-provider';

/** Picks the provider from config: Stripe when a secret key is set, the test mode otherwise. */
export function createPaymentProvider(deps: {
  payments: PaymentsConfig;
  db: Kysely<DB>;
  clock: AdjustableClock;
  appUrl: string;
}): PaymentProvider {
  const { payments } = deps;
  if (payments.provider === 'stripe') return createStripeProvider(payments);
  return createTestModeProvider({
    db: deps.db,
    clock: deps.clock,
    appUrl: deps.appUrl,
    // Events never leave the process in test mode, so a per-boot secret is enough.
    webhookSecret: payments.webhookSecret ?? `whsec_${randomBytes(24).toString('hex')}`,
  });
}
