import Stripe from 'stripe';
import { switchedReturnUrl, type PaymentProvider, type PortalInput } from './payment-provider';
import { toProviderSubscription, verifySignedEvent, type PriceIds } from './stripe-objects';

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  priceIds: PriceIds;
  /** Tests point the SDK at a local server. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

/** Stripe Checkout (subscription mode), the customer portal, and signed webhooks. */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 1,
    ...(options.api ?? {}),
  });

  /**
   * The portal's own confirmation of a switch to one plan (Stripe shows the new price and what
   * is charged today), then back to Billing, which says the switch is done.
   */
  async function switchFlow(
    input: PortalInput,
    switchTo: NonNullable<PortalInput['switchTo']>,
  ): Promise<Stripe.BillingPortal.SessionCreateParams.FlowData> {
    const subscription = await stripe.subscriptions.retrieve(switchTo.subscriptionId);
    const item = subscription.items.data[0];
    if (!item) throw new Error(`Subscription ${subscription.id} has no item to switch`);
    return {
      type: 'subscription_update_confirm',
      subscription_update_confirm: {
        subscription: subscription.id,
        items: [{ id: item.id, price: options.priceIds[switchTo.planId], quantity: 1 }],
      },
      after_completion: {
        type: 'redirect',
        redirect: { return_url: switchedReturnUrl(input.returnUrl, switchTo.planId) },
      },
    };
  }

  return {
    kind: 'stripe',
    mode: options.secretKey.startsWith('sk_live_') ? 'live' : 'test',
    publishableKey: options.publishableKey,

    async createCustomer(user) {
      const customer = await stripe.customers.create(
        { email: user.email, name: user.name, metadata: { userId: user.id } },
        { idempotencyKey: `customer-${user.id}` },
      );
      return customer.id;
    },

    async createCheckoutSession(input) {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: input.customerId,
        client_reference_id: input.userId,
        line_items: [{ price: options.priceIds[input.planId], quantity: 1 }],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        metadata: { userId: input.userId, planId: input.planId },
        subscription_data: { metadata: { userId: input.userId } },
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { id: session.id, url: session.url };
    },

    async createPortalSession(input) {
      const session = await stripe.billingPortal.sessions.create({
        customer: input.customerId,
        return_url: input.returnUrl,
        ...(input.switchTo && { flow_data: await switchFlow(input, input.switchTo) }),
      });
      return { url: session.url };
    },

    async retrieveSubscription(id) {
      try {
        const subscription = await stripe.subscriptions.retrieve(id, {
          expand: ['latest_invoice'],
        });
        return toProviderSubscription(subscription, options.priceIds);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
          return null;
        }
        throw error;
      }
    },

    async listSubscriptions(customerId) {
      const live = [];
      // Without a status filter Stripe lists every subscription that has not ended yet.
      for await (const subscription of stripe.subscriptions.list({
        customer: customerId,
        limit: 100,
      })) {
        live.push(toProviderSubscription(subscription, options.priceIds));
      }
      return live;
    },

    async cancelSubscription(id) {
      // The unused time becomes a credit on the customer's balance, paid into the next invoice.
      await stripe.subscriptions.cancel(id, { prorate: true });
    },

    async cancelSubscriptions(customerId) {
      // Without a status filter Stripe lists every subscription that has not ended yet.
      let ended = 0;
      for await (const subscription of stripe.subscriptions.list({
        customer: customerId,
        limit: 100,
      })) {
        if (subscription.status === 'incomplete_expired') continue;
        await stripe.subscriptions.cancel(subscription.id);
        ended += 1;
      }
      return ended;
    },

    parseWebhook(rawBody, signature) {
      return verifySignedEvent(rawBody, signature, options.webhookSecret);
    },
  };
}
