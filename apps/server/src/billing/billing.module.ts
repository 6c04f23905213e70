import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { JobQueue } from '../adapters/queue/job-queue';
import type { JobHandlers } from '../platform/jobs/job-catalogue';
import type { PaymentProvider } from '../adapters/payments/payment-provider';
import type { PaymentsConfig } from '../platform/config/payments-config';
import type { TestModeProvider } from '../adapters/payments/test-mode/test-mode-provider';
import { callableRoutes } from './callables/callables.routes';
import type { DB } from '../platform/db/types';
import {
  createWebhookHandler,
  devBillingClockRoutes,
  testCheckoutRoutes,
  webhookRoutes,
} from './billing.routes';
import type { BillingTeams } from './billing-teams';
import { createBillingService } from './billing.service';
import type { AdjustableClock } from '../platform/clock/clock';
import { createFulfilmentService } from './fulfilment.service';
import { createRenewalJob, scheduleRenewalJob } from './renewal.jobs';

interface BillingDeps {
  db: Kysely<DB>;
  log: FastifyBaseLogger;
  appUrl: string;
  payments: PaymentsConfig;
  /** config.devRoutes: the advance-clock route exists when true and the provider is test mode. */
  devRoutes: boolean;
  /** How often PlanRenew runs; 0 leaves it to the caller (tests run it by hand). */
  renewalIntervalMs: number;
  /** The payment provider main.ts chose (compose.ts), and the clock it runs on. */
  provider: PaymentProvider;
  clock: AdjustableClock;
  teams: BillingTeams;
}

/** Wires billing: services, renewal job and the Fastify plugins to register. */
export function createBilling(deps: BillingDeps) {
  const { clock, provider, teams } = deps;
  const billing = createBillingService({
    db: deps.db,
    provider,
    clock,
    appUrl: deps.appUrl,
    teams,
  });
  const fulfilment = createFulfilmentService({
    db: deps.db,
    provider,
    clock,
    log: deps.log,
    teams,
  });
  const renewalJob = createRenewalJob({ db: deps.db, clock, log: deps.log });
  const handleWebhook = createWebhookHandler(provider, fulfilment);

  const testMode = isTestMode(provider) ? provider : null;
  testMode?.connectWebhook(async (rawBody, signature) => {
    await handleWebhook(rawBody, signature);
  });

  const plugins: ((app: FastifyInstance) => void)[] = [
    callableRoutes({ db: deps.db, billing, clock }),
    webhookRoutes({ handleWebhook }),
    ...(testMode ? [testCheckoutRoutes({ provider: testMode, db: deps.db })] : []),
    ...(testMode && deps.devRoutes
      ? [devBillingClockRoutes({ provider: testMode, renewalJob })]
      : []),
  ];

  let stopSchedule: (() => void) | null = null;
  return {
    clock,
    provider,
    /** Test-mode payments in a deployment declared a demo (PAYMENTS_DEMO_MODE). */
    demo: testMode !== null && deps.payments.provider === 'test-mode' && deps.payments.demo,
    billing,
    fulfilment,
    renewalJob,
    handleWebhook,
    plugins,
    /** The queue's handler of billing's job (app.ts starts the queue with every domain's). */
    jobs: {
      PlanRenew: async () => (await renewalJob.handlePlanRenew()).status,
    } satisfies Pick<JobHandlers, 'PlanRenew'>,
    startSchedule(queue: Pick<JobQueue, 'enqueue'>) {
      if (deps.renewalIntervalMs > 0 && !stopSchedule) {
        stopSchedule = scheduleRenewalJob(queue, deps.renewalIntervalMs, deps.log);
      }
    },
    stopSchedule() {
      stopSchedule?.();
      stopSchedule = null;
    },
  };
}

export type Billing = ReturnType<typeof createBilling>;

function isTestMode(provider: PaymentProvider): provider is TestModeProvider {
  return provider.kind === 'test-mode';
}
