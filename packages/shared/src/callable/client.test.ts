import { describe, expect, it } from 'vitest';
import { createCallableClient, type CallableFetch } from './client';
import { CallableError, codeForHttpStatus, httpStatusForCode } from './errors';

interface Sent {
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

function answering(status: number, body: unknown, sent: Sent[] = []): CallableFetch {
  return (url, init) => {
    sent.push({ url, headers: init.headers, body: JSON.parse(init.body) });
    return Promise.resolve({
      status,
      ok: status >= 200 && status < 300,
      json: () =>
        body instanceof Error
          ? Promise.reject(body)
          : Promise.resolve(JSON.parse(JSON.stringify(body)) as unknown),
    });
  };
}

async function failure(promise: Promise<unknown>): Promise<CallableError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof CallableError)) throw new Error('expected a CallableError');
  return error;
}

const stats = {
  remainingCredits: 5,
  personalCredits: 5,
  team: null,
  usedCredits: 0,
  creditsUsedThisMonth: 0,
  totalOperations: 0,
  operationsThisMonth: 0,
  subscriptionStatus: 'free',
  currentPlan: 'free',
  payerPlan: 'free',
  renewalDate: null,
  cancelAtPeriodEnd: false,
  scheduledPlan: null,
};

describe('codeForHttpStatus', () => {
  it('maps every status of the brief table, anything else to unknown', () => {
    const table: [number, string][] = [
      [400, 'invalid-argument'],
      [401, 'unauthenticated'],
      [403, 'permission-denied'],
      [404, 'not-found'],
      [409, 'aborted'],
      [429, 'resource-exhausted'],
      [499, 'cancelled'],
      [500, 'internal'],
      [501, 'unimplemented'],
      [503, 'unavailable'],
      [504, 'deadline-exceeded'],
      [418, 'unknown'],
      [502, 'unknown'],
    ];
    for (const [status, code] of table) expect(codeForHttpStatus(status)).toBe(code);
    expect(httpStatusForCode('aborted')).toBe(409);
    expect(httpStatusForCode('unknown')).toBe(500);
  });
});

describe('createCallableClient', () => {
  it('posts {data} to the callable path with the bearer token and reads data', async () => {
    const sent: Sent[] = [];
    const call = createCallableClient({
      baseUrl: 'http://api.test',
      fetch: answering(200, { data: { url: 'https://pay.test/1' } }, sent),
      getAuthToken: () => 'session-token',
    });
    await expect(
      call('createCheckoutSession', { planId: 'growth', origin: 'http://app.test' }),
    ).resolves.toEqual({ url: 'https://pay.test/1' });
    expect(sent).toEqual([
      {
        url: 'http://api.test/api/callables/createCheckoutSession',
        headers: { 'Content-Type': 'application/json', Authorization: 'Bearer session-token' },
        body: { data: { planId: 'growth', origin: 'http://app.test' } },
      },
    ]);
  });

  it('reads result when data is absent, and accepts null as an answer', async () => {
    const fromResult = createCallableClient({ fetch: answering(200, { result: stats }) });
    await expect(fromResult('getUsageStats')).resolves.toEqual(stats);
    const nullData = createCallableClient({ fetch: answering(200, { data: null }) });
    await expect(nullData('trackUsage', { operationType: 'image_resize' })).resolves.toBeNull();
  });

  it('says "Response is missing data field." when the body has neither', async () => {
    const call = createCallableClient({ fetch: answering(200, { other: 1 }) });
    const error = await failure(call('getStripeConfig'));
    expect(error.code).toBe('internal');
    expect(error.message).toBe('Response is missing data field.');
    const notJson = createCallableClient({ fetch: answering(200, new SyntaxError('bad json')) });
    expect((await failure(notJson('getStripeConfig'))).message).toBe(
      'Response is missing data field.',
    );
  });

  it('turns an error status into its code with the server message', async () => {
    const call = createCallableClient({
      fetch: answering(409, { error: { status: 'ABORTED', message: 'Already on this plan' } }),
    });
    const error = await failure(call('createCheckoutSession', { planId: 'growth' }));
    expect([error.code, error.message, error.httpStatus]).toEqual([
      'aborted',
      'Already on this plan',
      409,
    ]);
    const unknown = createCallableClient({ fetch: answering(502, 'Bad gateway') });
    expect((await failure(unknown('getUsageStats'))).code).toBe('unknown');
  });

  it('reports a network failure as internal', async () => {
    const call = createCallableClient({
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    const error = await failure(call('getUsageStats'));
    expect([error.code, error.message]).toEqual(['internal', 'fetch failed']);
  });

  it('gives up after the time-out with deadline-exceeded', async () => {
    const call = createCallableClient({
      timeoutMs: 20,
      fetch: (_url, init) =>
        new Promise((_resolve, reject) => {
          const signal = init.signal as { addEventListener(type: 'abort', fn: () => void): void };
          signal.addEventListener('abort', () => reject(new Error('aborted')));
        }),
    });
    expect((await failure(call('getUsageStats'))).code).toBe('deadline-exceeded');
  });
});
