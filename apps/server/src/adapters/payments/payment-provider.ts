import type { PaidPlanId, PaymentMode } from '@reframe/shared';

/**
 * A card payment provider, as billing uses it. Two implementations: Stripe (when a secret key is
 * configured) and the built-in test mode; both sign their webhook events the same way and the
 * same handler applies them. Chosen once from the payments config, by createPaymentProvider when
 * the billing module is built.
 */
export interface PaymentProvider {
  readonly kind: 'stripe' | 'test-mode';
  readonly mode: PaymentMode;
  readonly publishableKey: string;
  createCustomer(user: { id: string; email: string; name: string }): Promise<string>;
  createCheckoutSession(input: CheckoutInput): Promise<{ id: string; url: string }>;
  /**
   * The provider's page for the customer's subscription; with `switchTo`, its page that confirms
   * a switch to that plan (price, charge today), which returns to `returnUrl?switched=<plan>`.
   */
  createPortalSession(input: PortalInput): Promise<{ url: string }>;
  /** The subscription as the provider holds it now; null when the provider does not know it. */
  retrieveSubscription(id: string): Promise<ProviderSubscription | null>;
  /** The customer's subscriptions that have not ended (without their latest invoice). */
  listSubscriptions(customerId: string): Promise<ProviderSubscription[]>;
  /** Ends one subscription now, crediting its unused time where the provider bills. */
  cancelSubscription(id: string): Promise<void>;
  /** Ends every subscription of the customer now (account deletion); how many were ended. */
  cancelSubscriptions(customerId: string): Promise<number>;
  /** Verifies the signature over the raw body; throws WebhookSignatureError when it fails. */
  parseWebhook(rawBody: Buffer | string, signature: string | undefined): BillingEvent;
}

export interface CheckoutInput {
  customerId: string;
  userId: string;
  planId: PaidPlanId;
  successUrl: string;
  cancelUrl: string;
}

export interface PortalInput {
  customerId: string;
  returnUrl: string;
  switchTo?: { subscriptionId: string; planId: PaidPlanId };
}

/** Where the provider sends the user back after a switch to `planId`: Billing says it is done. */
export function switchedReturnUrl(returnUrl: string, planId: PaidPlanId): string {
  const url = new URL(returnUrl);
  url.searchParams.set('switched', planId);
  return url.toString();
}

export interface ProviderSubscription {
  id: string;
  customerId: string;
  /** The user id we stored in the subscription's metadata at checkout. */
  userId: string | null;
  status: string;
  /** When the provider created it: when its checkout was paid. */
  createdAt: Date;
  /** The plan of the subscription's price; null for a price we do not sell. */
  planId: PaidPlanId | null;
  periodStart: Date;
  periodEnd: Date;
  cancelAtPeriodEnd: boolean;
  latestInvoice: ProviderInvoice | null;
}

export interface ProviderInvoice {
  id: string;
  paid: boolean;
  /** In cents. */
  amountPaid: number;
  /** The plans whose price the invoice charges for (a line of that price with a positive amount). */
  chargedPlans: PaidPlanId[];
  /**
   * It charges a change of plan within a period (Stripe's billing reason `subscription_update`),
   * not a new period: an upgrade, whose credits are added to the unused ones (issue 41).
   */
  changesPlan: boolean;
}

/** A webhook event reduced to what fulfilment needs to re-read the state from the provider. */
export interface BillingEvent {
  id: string;
  type: string;
  customerId: string | null;
  subscriptionId: string | null;
  /** checkout.session.completed's client reference. */
  userId: string | null;
}

export class WebhookSignatureError extends Error {
  constructor(cause: unknown) {
    super('Webhook signature verification failed', { cause });
    this.name = 'WebhookSignatureError';
  }
}

/** Statuses in which the subscription entitles the user to its plan. */
export function isEntitling(status: string): boolean {
  return status === 'active' || status === 'trialing' || status === 'past_due';
}
