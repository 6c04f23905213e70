import Stripe from 'stripe';

/** Stripe webhook payloads built like Stripe's and signed with the SDK's own test helper. */
let counter = 0;

export function stripeEvent(type: string, object: Record<string, unknown>, id?: string) {
  counter += 1;
  return {
    id: id ?? `evt_factory_${Date.now().toString(36)}_${counter}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object },
  };
}

export const checkoutCompleted = (o: { customer: string; subscription: string; userId: string }) =>
  stripeEvent('checkout.session.completed', {
    id: `cs_factory_${counter}`,
    object: 'checkout.session',
    mode: 'subscription',
    customer: o.customer,
    subscription: o.subscription,
    client_reference_id: o.userId,
  });

export const invoicePaid = (o: { id: string; customer: string; subscription: string }) =>
  stripeEvent('invoice.paid', {
    id: o.id,
    object: 'invoice',
    status: 'paid',
    customer: o.customer,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: o.subscription },
    },
  });

export const subscriptionEvent = (
  type: 'customer.subscription.updated' | 'customer.subscription.deleted',
  o: { id: string; customer: string },
) => stripeEvent(type, { id: o.id, object: 'subscription', customer: o.customer });

export function sign(payload: string, secret: string): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret });
}
