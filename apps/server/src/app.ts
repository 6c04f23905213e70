import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { accountRoutes } from './account/account.routes';
import { createApiWebhooks } from './api/webhooks/api-webhooks.module';
import type { DeliveryDeps } from './api/webhooks/webhook-delivery';
import { openApiRoutes } from './api/openapi/openapi.routes';
import { createAccountService } from './account/account.service';
import { accountCallbacks } from './account/profile.service';
import { createApi, type ApiDeps } from './api/api.module';
import { createAuth } from './auth/auth';
import { createBilling } from './billing/billing.module';
import type { Adapters } from './compose';
import { authRoutes } from './auth/auth.routes';
import type { Config } from './platform/config/env';
import type { Database } from './platform/db/database';
import { healthRoutes } from './health/health.routes';
import { registerApiCacheControl } from './platform/http/cache-control';
import { registerErrorHandler } from './platform/http/error-handler';
import { registerNulCheck } from './platform/http/nul-check';
import { registerOriginCheck } from './platform/http/origin-check';
import { createRateLimiter } from './platform/http/rate-limit';
import { redactingChildLoggerFactory } from './platform/http/request-log';
import { requestTimeoutOptions } from './platform/http/request-timeouts';
import { registerSecurityHeaders } from './platform/http/security-headers';
import { registerWebApp } from './platform/http/web-app';
import type { JobHandlers } from './platform/jobs/job-catalogue';
import { devMailRoutes } from './mail/dev-mail.routes';
import { createResizer, type ResizerDeps } from './resizer/resizer.module';
import { siteConfigRoutes } from './site/site-config.routes';
import { chargeFor, poolBalance, spendingTeamOf, syncTeamWithPlan } from './team/team-access';
import { teamRoutes } from './team/team.routes';
import { createTeamService } from './team/team.service';

export interface AppDeps {
  config: Readonly<Config>;
  /** Opened and migrated by the caller (main.ts or the test helper), which also closes it. */
  database: Database;
  /** Built by createAdapters (compose.ts); the app closes them when it closes. */
  adapters: Adapters;
  authSecret: string;
  /** The pino logger the adapters log to. */
  logger: FastifyBaseLogger;
  /** The built web app; defaults to apps/web/dist. */
  webDistDir?: string;
  /** Tests: a watch they can see the held polls of, and a longer poll hold. */
  resizer?: Pick<ResizerDeps, 'watch' | 'pollHoldMs'>;
  /** Tests: who is told when an API expansion with a webhook settles, instead of its webhook. */
  api?: Pick<ApiDeps, 'onExpansionSettled'>;
  /** Tests: a receiver's time to answer an attempt, so a silent one holds it till the app closes. */
  webhooks?: Pick<DeliveryDeps, 'attemptTimeoutMs'>;
}

const defaultWebDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** TRUST_PROXY=n trusts the n nearest proxies (the hop-count form proxy-addr understands). */
function trustProxyOption(value: boolean | number | string[]) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

/** Builds the whole server from its dependencies; nothing here reads the environment. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, adapters } = deps;
  const { mailer, queue } = adapters;
  const app = Fastify({
    loggerInstance: deps.logger,
    trustProxy: trustProxyOption(config.server.trustProxy),
    bodyLimit: 1024 * 1024,
    childLoggerFactory: redactingChildLoggerFactory,
    ...requestTimeoutOptions(config.limits.http),
  });
  const rateLimiter = createRateLimiter(database.db, config.rateLimit, app.log);
  const auth = createAuth({
    config,
    database,
    mailer,
    logger: app.log,
    rateLimiter,
    secret: deps.authSecret,
    accounts: accountCallbacks(database.db, deps.authSecret),
  });
  const billing = createBilling({
    db: database.db,
    log: app.log,
    appUrl: config.server.appUrl,
    payments: config.payments,
    devRoutes: config.devRoutes,
    renewalIntervalMs: config.env === 'test' ? 0 : 60 * 60_000,
    provider: adapters.payments,
    clock: adapters.clock,
    teams: {
      spendingTeamOf,
      payerOf: async (db, userId) => (await chargeFor(db, userId)).payerId,
      poolBalance,
      syncTeamWithPlan,
    },
  });
  const resizer = createResizer({
    db: database.db,
    log: app.log,
    appUrl: config.server.appUrl,
    config: config.resizer,
    outpainterConfig: config.outpainter,
    limits: config.limits,
    storage: adapters.storage,
    queue,
    engine: adapters.engine,
    uploadEngine: adapters.uploadEngine,
    outpainter: adapters.outpainter,
    builtInOutpainter: adapters.builtInOutpainter,
    wakeups: adapters.wakeups,
    watch: deps.resizer?.watch,
    pollHoldMs: deps.resizer?.pollHoldMs,
  });
  const apiWebhooks = createApiWebhooks({
    db: database.db,
    queue,
    clock: adapters.clock,
    log: app.log,
    // The webhook lane's production rules (https, public addresses) hold unless APP_URL is local.
    production: !config.localWebhooks,
    ...deps.webhooks,
  });
  // One queue for every domain's jobs: a web process (ROLE=web) only enqueues; one that runs jobs
  // takes them with each domain's handler, then each domain resumes what it left.
  app.addHook('onReady', async () => {
    if (!config.role.runsJobs) return queue.start();
    const jobs: JobHandlers = { ...resizer.jobs, ...billing.jobs, ...apiWebhooks.jobs };
    await queue.start(jobs, {
      // A renewal that gave up is simply run again by the next scheduled one.
      giveUp: async (job) => {
        if (job.name === 'PredictionRun') await resizer.giveUpPrediction(job.data);
      },
    });
    await resizer.resume();
    await apiWebhooks.resume();
  });
  if (config.role.runsJobs) {
    app.addHook('onReady', () => billing.startSchedule(queue));
    app.addHook('onClose', () => billing.stopSchedule());
  }
  const accountService = createAccountService({
    db: database.db,
    auth,
    rateLimiter,
    log: app.log,
    authSecret: deps.authSecret,
    cancelSubscriptions: billing.billing.cancelSubscriptions,
    deleteUserFiles: resizer.deleteUserFiles,
  });
  app.addHook('onClose', async () => {
    resizer.stop();
    await adapters.close(config.role.shutdownGraceMs);
  });

  app.decorate('auth', auth);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  registerErrorHandler(app);
  registerApiCacheControl(app);
  await registerSecurityHeaders(app, config.server.appUrl);
  registerOriginCheck(app, config.server.trustedOrigins);
  registerNulCheck(app);

  // Domain plugins, one per line. Each is a function of exactly the dependencies it uses.
  const domains = [
    healthRoutes({ db: database.db }),
    siteConfigRoutes({
      paymentsDemo: billing.demo,
      aiProvider: resizer.aiProvider,
      hostedModel: resizer.hostedModel,
      maxActiveJobsPerUser: config.limits.jobs.maxActivePerUser,
    }),
    authRoutes({ db: database.db, appUrl: config.server.appUrl }),
    accountRoutes({ auth, accountService }),
    ...(config.mail.devMailbox ? [devMailRoutes({ mailer })] : []),
    ...billing.plugins,
    ...resizer.plugins,
    ...createApi({
      db: database.db,
      log: app.log,
      appUrl: config.server.appUrl,
      authSecret: deps.authSecret,
      isProduction: !config.localWebhooks,
      maxActiveJobsPerUser: config.limits.jobs.maxActivePerUser,
      resizer,
      onExpansionSettled: deps.api?.onExpansionSettled ?? apiWebhooks.deliverSettled,
    }).plugins,
    apiWebhooks.plugin,
    openApiRoutes(),
    teamRoutes({
      teamService: createTeamService({
        db: database.db,
        mailer,
        appUrl: config.server.appUrl,
        limits: config.limits.teams,
        log: app.log,
      }),
    }),
  ];
  for (const domain of domains) await app.register(domain);

  await registerWebApp(app, deps.webDistDir ?? defaultWebDistDir);
  return app;
}
