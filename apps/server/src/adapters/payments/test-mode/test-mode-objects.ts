/** The Stripe object shapes the test-mode provider keeps and sends (only the fields we read). */
export interface TestCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: 'subscription';
  status: 'open' | 'complete' | 'expired';
  customer: string;
  client_reference_id: string;
  subscription: string | null;
  invoice: string | null;
  metadata: { userId: string; planId: string };
  price: string;
  amount_total: number;
  success_url: string;
  cancel_url: string;
  url: string;
}

export interface TestSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: 'active' | 'canceled';
  /**
   * Unix seconds like Stripe's, with the milliseconds as a fraction: fulfilment keeps the newest
   * of two subscriptions, and two test checkouts are often paid within one second.
   */
  created: number;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  metadata: { userId: string };
  latest_invoice: string;
  items: {
    object: 'list';
    data: [{ price: { id: string }; current_period_start: number; current_period_end: number }];
  };
}

export interface TestInvoice {
  id: string;
  object: 'invoice';
  customer: string;
  status: 'paid';
  billing_reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  amount_paid: number;
  lines: { object: 'list'; data: TestInvoiceLine[] };
  parent: { type: 'subscription_details'; subscription_details: { subscription: string } };
}

/** A charge (positive) or a credit for unused time (negative) for one price. */
export interface TestInvoiceLine {
  object: 'line_item';
  amount: number;
  pricing: { type: 'price_details'; price_details: { price: string; product: string } };
}

export interface TestPortalSession {
  id: string;
  object: 'billing_portal.session';
  customer: string;
  return_url: string;
}

export const toUnix = (date: Date) => Math.floor(date.getTime() / 1000);
export const toUnixWithMs = (date: Date) => date.getTime() / 1000;
export const newTestId = (prefix: string) =>
  `${prefix}_test_${crypto.randomUUID().replaceAll('-', '')}`;
