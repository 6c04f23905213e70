import { balanceAfterUpgrade, getPlan, isPaidPlanId, planOf } from '@reframe/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as z from 'zod';
import { currentUser, requireSession } from '../auth/guards';
import { WebhookSignatureError } from '../adapters/payments/payment-provider';
import type { PaymentProvider } from '../adapters/payments/payment-provider';
import type {
  PortalAction,
  TestModeProvider,
} from '../adapters/payments/test-mode/test-mode-provider';
import { AppError } from '../platform/http/app-error';
import { loopbackOnly } from '../platform/http/loopback-only';
import type { FulfilmentService } from './fulfilment.service';
import type { RenewalJob } from './renewal.jobs';
import { checkoutPage, closedPage, portalPage, switchPage } from './test-checkout.page';
import { findAccount, findProfile, type BillingDb } from './billing.repo';
import { planForPrice } from '../adapters/payments/stripe-objects';
import { testModePriceIds } from '../adapters/payments/test-mode/test-mode-provider';

/** Verifies and applies one webhook delivery; the route and the test-mode provider share it. */
export function createWebhookHandler(provider: PaymentProvider, fulfilment: FulfilmentService) {
  return async function handleWebhook(rawBody: Buffer | string, signature: string | undefined) {
    let event;
    try {
      event = provider.parseWebhook(rawBody, signature);
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        throw new AppError('WEBHOOK_SIGNATURE_INVALID', 400, { cause: error });
      }
      throw error;
    }
    return fulfilment.handleEvent(event);
  };
}
export type WebhookHandler = ReturnType<typeof createWebhookHandler>;

/** POST /api/billing/webhook: the raw body is kept for the signature check. */
export function webhookRoutes(deps: { handleWebhook: WebhookHandler }) {
  return function register(app: FastifyInstance) {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    app.post('/api/billing/webhook', async (request) => {
      const signature = request.headers['stripe-signature'];
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const outcome = await deps.handleWebhook(
        body,
        typeof signature === 'string' ? signature : undefined,
      );
      return { received: true, outcome };
    });
  };
}

const formParser = (app: FastifyInstance) =>
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

const portalActionSchema = z.object({
  action: z.union([z.literal('cancel'), z.literal('resume'), z.string().regex(/^switch:\w+$/)]),
});

function toPortalAction(value: string): PortalAction | null {
  if (value === 'cancel' || value === 'resume') return { kind: value };
  const planId = value.slice('switch:'.length);
  return isPaidPlanId(planId) ? { kind: 'switch', planId } : null;
}

/**
 * The test-mode provider's checkout and portal pages (server-rendered: the SPA sends unknown
 * paths to /). Registered only with the test-mode provider; only the signed-in owner of a
 * checkout or portal session can see or use it, anyone else gets 404.
 */
export function testCheckoutRoutes(deps: { provider: TestModeProvider; db: BillingDb }) {
  const { provider, db } = deps;

  async function ownPortal(request: FastifyRequest<{ Params: { id: string } }>) {
    const found = await provider.getPortal(request.params.id);
    if (!found || found.ownerId !== currentUser(request).id) throw new AppError('NOT_FOUND', 404);
    return found;
  }

  return function register(app: FastifyInstance) {
    formParser(app);

    app.get<{ Params: { id: string } }>(
      '/api/billing/test-checkout/:id',
      { preHandler: [requireSession] },
      async (request, reply) => {
        const session = await provider.getCheckoutSession(request.params.id);
        if (!session || session.client_reference_id !== currentUser(request).id) {
          throw new AppError('CHECKOUT_SESSION_NOT_FOUND', 404);
        }
        const planId = session.metadata.planId;
        const page =
          session.status === 'open' && isPaidPlanId(planId)
            ? checkoutPage(session.id, getPlan(planId))
            : closedPage(session.cancel_url);
        return reply.type('text/html; charset=utf-8').send(page);
      },
    );

    for (const verb of ['pay', 'cancel'] as const) {
      app.post<{ Params: { id: string } }>(
        `/api/billing/test-checkout/:id/${verb}`,
        { preHandler: [requireSession] },
        async (request, reply) => {
          const session = await provider.getCheckoutSession(request.params.id);
          if (!session || session.client_reference_id !== currentUser(request).id) {
            throw new AppError('CHECKOUT_SESSION_NOT_FOUND', 404);
          }
          const target =
            verb === 'pay'
              ? await provider.payCheckoutSession(session.id)
              : await provider.cancelCheckoutSession(session.id);
          if (!target) throw new AppError('CHECKOUT_SESSION_NOT_FOUND', 404);
          return reply.redirect(target, 303);
        },
      );
    }

    app.get<{ Params: { id: string } }>(
      '/api/billing/test-portal/:id',
      { preHandler: [requireSession] },
      async (request, reply) => {
        const found = await ownPortal(request);
        const current = found.subscription
          ? await provider.retrieveSubscription(found.subscription.id)
          : null;
        // The provider already holds a downgrade's new plan; our account keeps the plan the
        // user has until the period ends, and the one scheduled after it (issue 16).
        const account = await findAccount(db, currentUser(request).id);
        const kept = account && isPaidPlanId(account.plan_id) ? account.plan_id : null;
        const scheduled =
          account?.scheduled_plan_id && isPaidPlanId(account.scheduled_plan_id)
            ? account.scheduled_plan_id
            : null;
        const view = current?.planId
          ? {
              planId: kept ?? current.planId,
              scheduledPlanId: scheduled,
              periodEnd: current.periodEnd,
              cancelAtPeriodEnd: current.cancelAtPeriodEnd,
            }
          : null;
        return reply
          .type('text/html; charset=utf-8')
          .send(portalPage(found.portal.id, found.portal.return_url, view));
      },
    );

    app.get<{ Params: { id: string; planId: string } }>(
      '/api/billing/test-portal/:id/switch/:planId',
      { preHandler: [requireSession] },
      async (request, reply) => {
        const { subscription } = await ownPortal(request);
        const { planId } = request.params;
        const userId = currentUser(request).id;
        const [account, profile] = await Promise.all([
          findAccount(db, userId),
          findProfile(db, userId),
        ]);
        const providerPlan = subscription
          ? planForPrice(testModePriceIds, subscription.items.data[0].price.id)
          : null;
        // The plan the user has until the period ends (a downgrade keeps it, issue 16).
        const from = planOf(account?.plan_id);
        const canSwitch =
          subscription && profile && isPaidPlanId(planId) && planId !== providerPlan;
        const view = canSwitch
          ? (() => {
              const to = getPlan(planId);
              const chargeToday = provider.previewSwitch(subscription, planId);
              return {
                from,
                to,
                chargeToday,
                periodEnd: new Date(subscription.items.data[0].current_period_end * 1000),
                balance: profile.credits,
                // An upgrade's paid invoice adds the plan's credits (fulfilment, issue 41).
                balanceAfter:
                  chargeToday > 0
                    ? balanceAfterUpgrade(profile.credits, to.credits)
                    : profile.credits,
              };
            })()
          : null;
        return reply.type('text/html; charset=utf-8').send(switchPage(request.params.id, view));
      },
    );

    app.post<{ Params: { id: string } }>(
      '/api/billing/test-portal/:id/action',
      { preHandler: [requireSession] },
      async (request, reply) => {
        const parsed = portalActionSchema.safeParse(request.body);
        const action = parsed.success ? toPortalAction(parsed.data.action) : null;
        if (!action) throw new AppError('INVALID_REQUEST', 400);
        await ownPortal(request);
        const target = await provider.applyPortalAction(request.params.id, action);
        if (!target) throw new AppError('NOT_FOUND', 404);
        return reply.redirect(target, 303);
      },
    );
  };
}

const advanceClockBodySchema = z.object({
  days: z.number().positive().max(3660).optional(),
  ms: z.number().int().positive().optional(),
});

/**
 * Dev only (config.devRoutes and the test-mode provider), for a signed-in user on this machine:
 * moves the billing clock forward, lets the test-mode provider renew or end subscriptions, then
 * runs the renewal job. POST /api/dev/billing/advance-clock { "days": 31 } → { now }.
 */
export function devBillingClockRoutes(deps: {
  provider: TestModeProvider;
  renewalJob: RenewalJob;
}) {
  return function register(app: FastifyInstance) {
    app.addHook('onRequest', loopbackOnly);
    app.post(
      '/api/dev/billing/advance-clock',
      { preHandler: [requireSession] },
      async (request) => {
        const body = advanceClockBodySchema.safeParse(request.body ?? {});
        if (!body.success) throw new AppError('INVALID_REQUEST', 400);
        const ms = body.data.ms ?? (body.data.days ?? 0) * 24 * 60 * 60_000;
        const now = await deps.provider.advanceClock(ms);
        const renewal = await deps.renewalJob.handlePlanRenew();
        return { now: now.toISOString(), renewal };
      },
    );
  };
}
