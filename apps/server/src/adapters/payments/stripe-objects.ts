import type { PaidPlanId } from '@reframe/shared';
import Stripe from 'stripe';
import {
  WebhookSignatureError,
  type BillingEvent,
  type ProviderInvoice,
  type ProviderSubscription,
} from './payment-provider';

/**
 * Stripe's object shapes, read the same way for both providers: the test-mode provider stores
 * and sends objects of these shapes, so one reader and one signature check serve both.
 */
export type PriceIds = Readonly<Record<PaidPlanId, string>>;

export function planForPrice(priceIds: PriceIds, priceId: string | undefined): PaidPlanId | null {
  const entry = Object.entries(priceIds).find(([, id]) => id === priceId);
  return entry ? (entry[0] as PaidPlanId) : null;
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

function toProviderInvoice(invoice: Stripe.Invoice, priceIds: PriceIds): ProviderInvoice {
  const chargedPlans = (invoice.lines?.data ?? [])
    .filter((line) => line.amount > 0)
    .map((line) => planForPrice(priceIds, idOf(line.pricing?.price_details?.price) ?? undefined))
    .filter((plan) => plan !== null);
  return {
    id: invoice.id,
    paid: invoice.status === 'paid',
    amountPaid: invoice.amount_paid,
    chargedPlans: [...new Set(chargedPlans)],
    changesPlan: invoice.billing_reason === 'subscription_update',
  };
}

export function toProviderSubscription(
  subscription: Stripe.Subscription,
  priceIds: PriceIds,
): ProviderSubscription {
  const item = subscription.items.data[0];
  const invoice = subscription.latest_invoice;
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    userId: subscription.metadata?.userId ?? null,
    status: subscription.status,
    createdAt: new Date(subscription.created * 1000),
    planId: planForPrice(priceIds, item?.price.id),
    periodStart: new Date((item?.current_period_start ?? 0) * 1000),
    periodEnd: new Date((item?.current_period_end ?? 0) * 1000),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    latestInvoice:
      invoice && typeof invoice === 'object' ? toProviderInvoice(invoice, priceIds) : null,
  };
}

export function toBillingEvent(event: Stripe.Event): BillingEvent {
  const base = { id: event.id, type: event.type, userId: null };
  // eslint-disable-next-line @typescript-eslint/switch-exhaustiveness-check -- Stripe has hundreds of event types; the default case handles the rest.
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      return {
        ...base,
        customerId: idOf(session.customer),
        subscriptionId: idOf(session.subscription),
        userId: session.client_reference_id,
      };
    }
    case 'invoice.paid': {
      const invoice = event.data.object;
      return {
        ...base,
        customerId: idOf(invoice.customer),
        subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
      };
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      return { ...base, customerId: idOf(subscription.customer), subscriptionId: subscription.id };
    }
    default:
      // Every other type is acknowledged and ignored by fulfilment.
      return { ...base, customerId: null, subscriptionId: null };
  }
}

/** How far a signature's timestamp may be from now, either way: Stripe's default, 5 minutes. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The `t=` timestamp (seconds) of a Stripe-Signature header, or null when it has none. */
function signedAt(signature: string): number | null {
  const match = /(?:^|,)\s*t=(\d+)\s*(?:,|$)/.exec(signature);
  return match ? Number(match[1]) : null;
}

/**
 * Checks the Stripe-Signature header over the raw body with the webhook secret. The SDK refuses
 * a timestamp older than the tolerance; one as far in the future is refused here, so a leaked
 * signed event cannot be post-dated for a later replay.
 */
export function verifySignedEvent(
  rawBody: Buffer | string,
  signature: string | undefined,
  secret: string,
): BillingEvent {
  if (!signature) throw new WebhookSignatureError(new Error('missing Stripe-Signature header'));
  const timestamp = signedAt(signature);
  if (timestamp !== null && timestamp > Date.now() / 1000 + SIGNATURE_TOLERANCE_SECONDS) {
    throw new WebhookSignatureError(new Error('Stripe-Signature timestamp is in the future'));
  }
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, secret, SIGNATURE_TOLERANCE_SECONDS);
  } catch (error) {
    throw new WebhookSignatureError(error);
  }
  return toBillingEvent(event);
}

/** Signs a payload the way Stripe does, with the SDK's own helper. */
export function signPayload(payload: string, secret: string): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret });
}
