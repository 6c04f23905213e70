import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small local HTTP server answering the few Stripe endpoints billing calls, so the official
 * SDK runs unchanged against it (pointed here with its host/port/protocol options). Tests set
 * the subscriptions and invoices it serves and read the requests it received.
 */
export interface MockSubscription {
  id: string;
  customer: string;
  status: string;
  priceId: string;
  periodStart: Date;
  periodEnd: Date;
  cancelAtPeriodEnd?: boolean;
  userId?: string;
  /** When Stripe created it (the order of two checkouts). Default: the period's start. */
  createdAt?: Date;
  latestInvoice?: MockInvoice | null;
}

export interface MockInvoice {
  id: string;
  status: 'paid' | 'open';
  /** In cents. Default: the sum of the lines' positive amounts. */
  amountPaid?: number;
  /** The invoice's lines. Default: one line of 500 cents for the subscription's price. */
  lines?: { priceId: string; amount: number }[];
  /**
   * Why Stripe made it. Default, as Stripe does: `subscription_update` for a switch's proration
   * (a line crediting the old price's unused time), else `subscription_cycle`.
   */
  billingReason?: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
}

export interface ReceivedRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  idempotencyKey: string | undefined;
}

export interface StripeMockServer {
  api: { host: string; port: number; protocol: 'http' };
  requests: ReceivedRequest[];
  subscriptions: Map<string, MockSubscription>;
  /** Subscription ids whose cancellation fails with a Stripe API error. */
  failCancel: Set<string>;
  close(): Promise<void>;
}

const unix = (date: Date) => Math.floor(date.getTime() / 1000);

function invoiceObject(invoice: MockInvoice, subscription: MockSubscription) {
  const lines = invoice.lines ?? [{ priceId: subscription.priceId, amount: 500 }];
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  return {
    id: invoice.id,
    object: 'invoice',
    status: invoice.status,
    billing_reason:
      invoice.billingReason ??
      (lines.some((line) => line.amount < 0) ? 'subscription_update' : 'subscription_cycle'),
    amount_paid: invoice.amountPaid ?? (invoice.status === 'paid' ? Math.max(0, total) : 0),
    lines: {
      object: 'list',
      has_more: false,
      data: lines.map((line, index) => ({
        id: `il_${invoice.id}_${index}`,
        object: 'line_item',
        amount: line.amount,
        pricing: {
          type: 'price_details',
          price_details: { price: line.priceId, product: `prod_${line.priceId}` },
        },
      })),
    },
  };
}

function subscriptionObject(s: MockSubscription) {
  return {
    id: s.id,
    object: 'subscription',
    customer: s.customer,
    status: s.status,
    created: unix(s.createdAt ?? s.periodStart),
    cancel_at_period_end: s.cancelAtPeriodEnd ?? false,
    metadata: s.userId ? { userId: s.userId } : {},
    latest_invoice: s.latestInvoice ? invoiceObject(s.latestInvoice, s) : null,
    items: {
      object: 'list',
      data: [
        {
          id: `si_${s.id}`,
          object: 'subscription_item',
          price: { id: s.priceId, object: 'price' },
          current_period_start: unix(s.periodStart),
          current_period_end: unix(s.periodEnd),
        },
      ],
    },
  };
}

async function readForm(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

export async function startStripeMockServer(): Promise<StripeMockServer> {
  const requests: ReceivedRequest[] = [];
  const subscriptions = new Map<string, MockSubscription>();
  const failCancel = new Set<string>();
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_mock_${(counter += 1)}`;

  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const params =
        request.method === 'POST' ? await readForm(request) : Object.fromEntries(url.searchParams);
      const idempotencyKey = request.headers['idempotency-key'];
      requests.push({
        method: request.method ?? 'GET',
        path: url.pathname,
        params,
        idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined,
      });
      const send = (status: number, body: unknown) => {
        response.writeHead(status, {
          'content-type': 'application/json',
          'request-id': nextId('req'),
        });
        response.end(JSON.stringify(body));
      };
      const subscriptionMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'POST' && url.pathname === '/v1/customers') {
        return send(200, { id: nextId('cus'), object: 'customer', email: params.email });
      }
      if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const id = nextId('cs');
        return send(200, {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/${id}`,
        });
      }
      if (request.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
        const id = nextId('bps');
        return send(200, {
          id,
          object: 'billing_portal.session',
          url: `https://billing.stripe.test/${id}`,
        });
      }
      if (request.method === 'GET' && url.pathname === '/v1/subscriptions') {
        // Like Stripe without a status filter: every subscription that has not ended.
        const data = [...subscriptions.values()]
          .filter((s) => s.customer === params.customer && s.status !== 'canceled')
          .map(subscriptionObject);
        return send(200, { object: 'list', has_more: false, url: url.pathname, data });
      }
      if (request.method === 'DELETE' && subscriptionMatch) {
        const id = decodeURIComponent(subscriptionMatch[1] ?? '');
        if (failCancel.has(id)) {
          return send(500, { error: { type: 'api_error', message: 'Cancellation failed' } });
        }
        const subscription = subscriptions.get(id);
        if (subscription) {
          subscription.status = 'canceled';
          return send(200, subscriptionObject(subscription));
        }
      }
      if (request.method === 'GET' && subscriptionMatch) {
        const subscription = subscriptions.get(decodeURIComponent(subscriptionMatch[1] ?? ''));
        if (subscription) return send(200, subscriptionObject(subscription));
        return send(404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: 'No such subscription',
          },
        });
      }
      return send(404, {
        error: { type: 'invalid_request_error', message: `Unmocked ${url.pathname}` },
      });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    api: { host: '127.0.0.1', port, protocol: 'http' },
    requests,
    subscriptions,
    failCancel,
    close: () =>
      new Promise((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      ),
  };
}
