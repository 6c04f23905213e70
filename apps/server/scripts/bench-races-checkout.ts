/**
 * The checkout pair of issue 39, over real HTTP against the real app with the test-mode
 * payments (SQLite, or whatever DATABASE_URL says): a Free user opens a Growth and an Expert
 * checkout, then pays them one after the other, and (another user) both at once. Prints one
 * table: how the payments answered, whether health still answers, and what the user ends with.
 */
import { type BenchApp, signUpVerified, startBenchApp } from './bench-app';

/** How long a payment may take before the bench reports it unanswered (the old code hung). */
const NO_ANSWER_AFTER_MS = 20_000;

interface Outcome {
  statuses: string[];
  ms: number;
  health: string;
  plan: string;
  credits: number;
  active: number;
  purchases: number;
}

async function within<T>(promise: Promise<T>): Promise<T | 'no answer'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'no answer'>((resolve) => {
    timer = setTimeout(() => resolve('no answer'), NO_ANSWER_AFTER_MS);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

async function openCheckout(app: BenchApp, cookie: string, planId: string): Promise<string> {
  const response = await fetch(`${app.base}/api/callables/createCheckoutSession`, {
    method: 'POST',
    headers: { origin: app.origin, cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ data: { planId } }),
  });
  const { data } = (await response.json()) as { data: { url: string } };
  return new URL(data.url).pathname;
}

async function pay(app: BenchApp, cookie: string, checkout: string): Promise<string> {
  const response = await within(
    fetch(`${app.base}${checkout}/pay`, {
      method: 'POST',
      headers: { origin: app.origin, cookie },
      redirect: 'manual',
    }),
  );
  if (response === 'no answer') return response;
  await response.arrayBuffer();
  return String(response.status);
}

async function userIdOf(app: BenchApp, cookie: string): Promise<string> {
  const response = await fetch(`${app.base}/api/auth/get-session`, {
    headers: { origin: app.origin, cookie },
  });
  return ((await response.json()) as { user: { id: string } }).user.id;
}

async function settled(app: BenchApp, cookie: string, ms: number, statuses: string[]) {
  const health = await within(fetch(`${app.base}/api/health`));
  if (health === 'no answer') {
    return { statuses, ms, health, plan: '-', credits: 0, active: 0, purchases: 0 };
  }
  await health.arrayBuffer();
  const stats = (await (
    await fetch(`${app.base}/api/callables/getUsageStats`, {
      method: 'POST',
      headers: { origin: app.origin, cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ data: null }),
    })
  ).json()) as { data: { currentPlan: string; remainingCredits: number } };
  const userId = await userIdOf(app, cookie);
  const account = await app.database.db
    .selectFrom('billing_account')
    .select('customer_id')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const subscriptions = await app.database.db
    .selectFrom('test_payment_object')
    .select('data')
    .where('kind', '=', 'subscription')
    .execute();
  const active = subscriptions
    .map((row) => JSON.parse(row.data) as { customer: string; status: string })
    .filter((s) => s.customer === account.customer_id && s.status === 'active').length;
  const purchases = await app.database.db
    .selectFrom('credit_ledger')
    .select('id')
    .where('user_id', '=', userId)
    .where('kind', '=', 'purchase')
    .execute();
  return {
    statuses,
    ms,
    health: String(health.status),
    plan: stats.data.currentPlan,
    credits: stats.data.remainingCredits,
    active,
    purchases: purchases.length,
  } satisfies Outcome;
}

async function pair(app: BenchApp, atOnce: boolean): Promise<Outcome> {
  const cookie = await signUpVerified(app);
  const growth = await openCheckout(app, cookie, 'growth');
  const expert = await openCheckout(app, cookie, 'expert');
  const started = performance.now();
  const statuses = atOnce
    ? await Promise.all([pay(app, cookie, growth), pay(app, cookie, expert)])
    : [await pay(app, cookie, growth), await pay(app, cookie, expert)];
  return settled(app, cookie, performance.now() - started, statuses);
}

/** Growth then Expert, paid in turn and at once, each by a new Free user. */
export async function checkoutPair(): Promise<void> {
  const app = await startBenchApp({});
  const inTurn = await pair(app, false);
  const atOnce = inTurn.health === 'no answer' ? null : await pair(app, true);
  console.log('\ntwo test-mode checkouts (Growth, then Expert) of one Free user');
  console.log(
    '| paid | answers | both answered in | health afterwards | plan | credits | active subscriptions | purchases in the ledger |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const [label, outcome] of [
    ['in turn', inTurn],
    ['at once', atOnce],
  ] as const) {
    if (!outcome) {
      console.log(`| ${label} | not run: the server stopped answering | | | | | | |`);
      continue;
    }
    const { statuses, ms, health, plan, credits, active, purchases } = outcome;
    console.log(
      `| ${label} (${app.database.dialect}) | ${statuses.join(', ')} | ${Math.round(ms)} ms | ${health} | ${plan} | ${credits} | ${active} | ${purchases} |`,
    );
  }
  if (inTurn.health === 'no answer') {
    // The database is stuck: closing would wait on it for ever.
    process.exit(0);
  }
  await app.close();
}
