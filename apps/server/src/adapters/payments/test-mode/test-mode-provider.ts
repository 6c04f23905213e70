import { getPlan, type PaidPlanId } from '@reframe/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../../platform/db/types';
import { addOneMonth, nextPeriod, type AdjustableClock } from '../../../platform/clock/clock';
import { switchedReturnUrl, type PaymentProvider } from '../payment-provider';
import {
  planForPrice,
  signPayload,
  toProviderSubscription,
  verifySignedEvent,
  type PriceIds,
} from '../stripe-objects';
import { createTestModeStore } from './test-mode-store';
import {
  newTestId,
  toUnix,
  toUnixWithMs,
  type TestCheckoutSession,
  type TestInvoice,
  type TestInvoiceLine,
  type TestPortalSession,
  type TestSubscription,
} from './test-mode-objects';
import type Stripe from 'stripe';

export const testModePriceIds: PriceIds = {
  starter: 'price_test_starter',
  growth: 'price_test_growth',
  expert: 'price_test_expert',
};

/** Where a signed event goes: the same handler as POST /api/billing/webhook. */
export type DeliverEvent = (rawBody: string, signature: string) => Promise<void>;

export type PortalAction =
  { kind: 'cancel' } | { kind: 'resume' } | { kind: 'switch'; planId: PaidPlanId };

export interface TestModeProvider extends PaymentProvider {
  readonly kind: 'test-mode';
  connectWebhook(deliver: DeliverEvent): void;
  getCheckoutSession(id: string): Promise<TestCheckoutSession | null>;
  /** Pays an open session: subscription, paid invoice and their events. Returns where to go. */
  payCheckoutSession(id: string): Promise<string | null>;
  cancelCheckoutSession(id: string): Promise<string | null>;
  /** The portal session, the subscription it manages and the user who owns the customer. */
  getPortal(id: string): Promise<{
    portal: TestPortalSession;
    subscription: TestSubscription | null;
    ownerId: string | null;
  } | null>;
  applyPortalAction(id: string, action: PortalAction): Promise<string | null>;
  /** What a switch of the portal's subscription to `planId` charges today, in cents. */
  previewSwitch(subscription: TestSubscription, planId: PaidPlanId): number;
  /** Moves the provider's clock and renews or ends every subscription whose period is over. */
  advanceClock(ms: number): Promise<Date>;
}

/**
 * The built-in payment provider: a local checkout page and portal, Stripe-shaped objects in the
 * database, and events signed with the webhook secret like Stripe's.
 */
export function createTestModeProvider(options: {
  db: Kysely<DB>;
  clock: AdjustableClock;
  appUrl: string;
  webhookSecret: string;
}): TestModeProvider {
  const { clock, appUrl, webhookSecret } = options;
  const store = createTestModeStore(options.db);
  let deliver: DeliverEvent | null = null;

  async function emit(type: string, object: object): Promise<void> {
    if (!deliver) throw new Error('The test-mode provider has no webhook handler connected');
    const event = {
      id: newTestId('evt'),
      object: 'event',
      type,
      created: toUnix(clock.now()),
      livemode: false,
      data: { object },
    };
    const payload = JSON.stringify(event);
    await deliver(payload, signPayload(payload, webhookSecret));
  }

  const priceInCents = (priceId: string) => {
    const planId = planForPrice(testModePriceIds, priceId);
    return planId ? getPlan(planId).price * 100 : 0;
  };

  const line = (priceId: string, amount: number): TestInvoiceLine => ({
    object: 'line_item',
    amount,
    pricing: {
      type: 'price_details',
      price_details: { price: priceId, product: `prod_test_${priceId}` },
    },
  });

  /** A paid invoice: a whole period of the subscription's price, or the given lines. */
  async function newInvoice(
    subscription: TestSubscription,
    reason: TestInvoice['billing_reason'],
    lines: TestInvoiceLine[] = [
      line(subscription.items.data[0].price.id, priceInCents(subscription.items.data[0].price.id)),
    ],
  ): Promise<TestInvoice> {
    const invoice: TestInvoice = {
      id: newTestId('in'),
      object: 'invoice',
      customer: subscription.customer,
      status: 'paid',
      billing_reason: reason,
      amount_paid: Math.max(
        0,
        lines.reduce((sum, { amount }) => sum + amount, 0),
      ),
      lines: { object: 'list', data: lines },
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscription.id },
      },
    };
    await store.put('invoice', invoice, clock.now());
    return invoice;
  }

  async function renewOrEnd(subscription: TestSubscription): Promise<void> {
    const item = subscription.items.data[0];
    if (subscription.cancel_at_period_end) {
      await end(subscription);
      return;
    }
    const next = nextPeriod({
      periodStart: new Date(item.current_period_start * 1000),
      periodEnd: new Date(item.current_period_end * 1000),
    });
    const renewed: TestSubscription = {
      ...subscription,
      items: {
        object: 'list',
        data: [
          {
            ...item,
            current_period_start: toUnix(next.periodStart),
            current_period_end: toUnix(next.periodEnd),
          },
        ],
      },
    };
    const invoice = await newInvoice(renewed, 'subscription_cycle');
    renewed.latest_invoice = invoice.id;
    await store.put('subscription', renewed, clock.now());
    await emit('invoice.paid', invoice);
    await emit('customer.subscription.updated', renewed);
  }

  async function end(subscription: TestSubscription): Promise<void> {
    const ended: TestSubscription = {
      ...subscription,
      status: 'canceled',
      canceled_at: toUnix(clock.now()),
    };
    await store.put('subscription', ended, clock.now());
    await emit('customer.subscription.deleted', ended);
  }

  async function toProvider(subscription: TestSubscription) {
    const invoice = await store.get<TestInvoice>('invoice', subscription.latest_invoice);
    // Subscriptions stored before `created` was kept count as the oldest.
    const expanded = Object.assign({ created: 0 }, subscription, { latest_invoice: invoice });
    return toProviderSubscription(expanded as unknown as Stripe.Subscription, testModePriceIds);
  }

  const liveSubscriptionsOf = async (customerId: string) =>
    (await store.list<TestSubscription>('subscription')).filter(
      (s) => s.customer === customerId && s.status === 'active',
    );

  async function updateSubscription(
    subscription: TestSubscription,
    change: Partial<TestSubscription>,
  ) {
    const updated = { ...subscription, ...change };
    await store.put('subscription', updated, clock.now());
    await emit('customer.subscription.updated', updated);
  }

  /**
   * The invoice lines of a switch, like Stripe's portal set to invoice prorations at once: an
   * upgrade is charged the difference for the rest of the period; a downgrade has none, it is
   * charged nothing and refunded nothing (fulfilment applies it at the period end).
   */
  function switchLines(subscription: TestSubscription, planId: PaidPlanId): TestInvoiceLine[] {
    const item = subscription.items.data[0];
    const oldPrice = item.price.id;
    const newPrice = testModePriceIds[planId];
    if (priceInCents(newPrice) <= priceInCents(oldPrice)) return [];
    const period = item.current_period_end - item.current_period_start;
    const left = Math.min(1, Math.max(0, (item.current_period_end - toUnix(clock.now())) / period));
    return [
      line(oldPrice, -Math.round(priceInCents(oldPrice) * left)),
      line(newPrice, Math.round(priceInCents(newPrice) * left)),
    ];
  }

  /** A plan switch: the price changes now; an upgrade's difference is paid on an invoice. */
  async function switchPlan(subscription: TestSubscription, planId: PaidPlanId) {
    const item = subscription.items.data[0];
    const switched: TestSubscription = {
      ...subscription,
      cancel_at_period_end: false,
      items: { object: 'list', data: [{ ...item, price: { id: testModePriceIds[planId] } }] },
    };
    const lines = switchLines(subscription, planId);
    if (lines.length === 0) {
      await store.put('subscription', switched, clock.now());
      await emit('customer.subscription.updated', switched);
      return;
    }
    const invoice = await newInvoice(switched, 'subscription_update', lines);
    switched.latest_invoice = invoice.id;
    await store.put('subscription', switched, clock.now());
    await emit('customer.subscription.updated', switched);
    await emit('invoice.paid', invoice);
  }

  return {
    kind: 'test-mode',
    mode: 'test',
    publishableKey: 'pk_test_reframe_local',

    connectWebhook(handler) {
      deliver = handler;
    },

    async createCustomer(user) {
      const id = newTestId('cus');
      await store.put(
        'customer',
        { id, email: user.email, metadata: { userId: user.id } },
        clock.now(),
      );
      return id;
    },

    async createCheckoutSession(input) {
      const id = newTestId('cs');
      const session: TestCheckoutSession = {
        id,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'open',
        customer: input.customerId,
        client_reference_id: input.userId,
        subscription: null,
        invoice: null,
        metadata: { userId: input.userId, planId: input.planId },
        price: testModePriceIds[input.planId],
        amount_total: getPlan(input.planId).price * 100,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        url: `${appUrl}/api/billing/test-checkout/${id}`,
      };
      await store.put('checkout_session', session, clock.now());
      return { id, url: session.url };
    },

    async createPortalSession(input) {
      const portal: TestPortalSession = {
        id: newTestId('bps'),
        object: 'billing_portal.session',
        customer: input.customerId,
        return_url: input.returnUrl,
      };
      await store.put('portal', portal, clock.now());
      const url = `${appUrl}/api/billing/test-portal/${portal.id}`;
      return { url: input.switchTo ? `${url}/switch/${input.switchTo.planId}` : url };
    },

    async retrieveSubscription(id) {
      const subscription = await store.get<TestSubscription>('subscription', id);
      return subscription ? toProvider(subscription) : null;
    },

    async listSubscriptions(customerId) {
      return Promise.all((await liveSubscriptionsOf(customerId)).map(toProvider));
    },

    async cancelSubscription(id) {
      const subscription = await store.get<TestSubscription>('subscription', id);
      if (subscription?.status === 'active') await end(subscription);
    },

    async cancelSubscriptions(customerId) {
      const live = await liveSubscriptionsOf(customerId);
      for (const subscription of live) await end(subscription);
      return live.length;
    },

    parseWebhook(rawBody, signature) {
      return verifySignedEvent(rawBody, signature, webhookSecret);
    },

    getCheckoutSession: (id) => store.get<TestCheckoutSession>('checkout_session', id),

    async payCheckoutSession(id) {
      const session = await store.get<TestCheckoutSession>('checkout_session', id);
      if (!session || session.status !== 'open') return null;
      const now = clock.now();
      const subscription: TestSubscription = {
        id: newTestId('sub'),
        object: 'subscription',
        customer: session.customer,
        status: 'active',
        created: toUnixWithMs(now),
        cancel_at_period_end: false,
        canceled_at: null,
        metadata: { userId: session.client_reference_id },
        latest_invoice: '',
        items: {
          object: 'list',
          data: [
            {
              price: { id: session.price },
              current_period_start: toUnix(now),
              current_period_end: toUnix(addOneMonth(now)),
            },
          ],
        },
      };
      const invoice = await newInvoice(subscription, 'subscription_create');
      subscription.latest_invoice = invoice.id;
      await store.put('subscription', subscription, now);
      const completed: TestCheckoutSession = {
        ...session,
        status: 'complete',
        subscription: subscription.id,
        invoice: invoice.id,
      };
      await store.put('checkout_session', completed, now);
      await emit('customer.subscription.created', subscription);
      await emit('checkout.session.completed', completed);
      await emit('invoice.paid', invoice);
      return session.success_url;
    },

    async cancelCheckoutSession(id) {
      const session = await store.get<TestCheckoutSession>('checkout_session', id);
      if (!session) return null;
      if (session.status === 'open') {
        await store.put('checkout_session', { ...session, status: 'expired' }, clock.now());
      }
      return session.cancel_url;
    },

    async getPortal(id) {
      const portal = await store.get<TestPortalSession>('portal', id);
      if (!portal) return null;
      const subscriptions = await store.list<TestSubscription>('subscription');
      const subscription =
        subscriptions.find((s) => s.customer === portal.customer && s.status === 'active') ?? null;
      const customer = await store.get<{ metadata: { userId: string } }>(
        'customer',
        portal.customer,
      );
      return { portal, subscription, ownerId: customer?.metadata.userId ?? null };
    },

    async applyPortalAction(id, action) {
      const found = await this.getPortal(id);
      if (!found) return null;
      const { portal, subscription } = found;
      if (!subscription) return portal.return_url;
      switch (action.kind) {
        case 'cancel':
          await updateSubscription(subscription, { cancel_at_period_end: true });
          break;
        case 'resume':
          await updateSubscription(subscription, { cancel_at_period_end: false });
          break;
        case 'switch':
          await switchPlan(subscription, action.planId);
          // As Stripe's switch flow does: back to Billing, which says the switch is done.
          return switchedReturnUrl(portal.return_url, action.planId);
        default:
          action satisfies never;
      }
      return portal.return_url;
    },

    previewSwitch(subscription, planId) {
      return Math.max(
        0,
        switchLines(subscription, planId).reduce((sum, { amount }) => sum + amount, 0),
      );
    },

    async advanceClock(ms) {
      const now = clock.advance(ms);
      for (let pass = 0; pass < 24; pass += 1) {
        const due = (await store.list<TestSubscription>('subscription')).filter(
          (s) => s.status === 'active' && s.items.data[0].current_period_end <= toUnix(clock.now()),
        );
        if (due.length === 0) break;
        for (const subscription of due) await renewOrEnd(subscription);
      }
      return now;
    },
  };
}
