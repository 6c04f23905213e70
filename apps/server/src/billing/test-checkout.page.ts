import { copy, getPlan, planChangeCopy, type PaidPlanId, type Plan } from '@reframe/shared';
import { escapeHtml } from '../platform/http/escape-html';

/**
 * Server-rendered pages of the test-mode provider: its checkout and its subscription portal, in
 * the product's look (its logo, the favicon, beside the wordmark; its slate and indigo colours;
 * its Inter, from the stylesheet the web build publishes for pages it does not render:
 * apps/web/build/font-stylesheet.ts).
 */

const fontStylesheet = '/fonts.css';

const styles = `
  body{margin:0;font-family:'Inter Variable',Inter,system-ui,sans-serif;background:#f8fafc;color:#0f172a}
  .brand{display:flex;align-items:center;gap:.5rem;max-width:28rem;margin:2.5rem auto 0;padding:0 2rem;
    color:#0f172a;text-decoration:none;font-size:1.125rem;font-weight:700;letter-spacing:-.01em}
  .brand img{width:2rem;height:2rem}
  main{max-width:28rem;margin:1.5rem auto 3rem;padding:2rem;background:#fff;border-radius:1rem;
    box-shadow:0 10px 30px rgba(17,24,39,.08)}
  .badge{display:inline-block;padding:.25rem .6rem;border-radius:999px;background:#fef3c7;
    color:#92400e;font-size:.75rem;font-weight:600;letter-spacing:.02em;text-transform:uppercase}
  .notice{margin:1rem 0;padding:.75rem 1rem;border-radius:.5rem;background:#fffbeb;
    border:1px solid #fcd34d;color:#92400e;font-size:.9rem}
  h1{font-size:1.35rem;margin:.75rem 0 .25rem} .price{font-size:2rem;font-weight:700;margin:.5rem 0}
  ul{padding-left:1.1rem;color:#374151} .muted{color:#6b7280;font-size:.9rem}
  form{display:inline} .actions{display:flex;gap:.75rem;margin-top:1.5rem;flex-wrap:wrap}
  button{font:inherit;padding:.65rem 1.2rem;border-radius:.5rem;border:1px solid #d1d5db;
    background:#fff;cursor:pointer} button.primary{background:#4f46e5;border-color:#4f46e5;color:#fff}
  button.danger{color:#b91c1c;border-color:#fca5a5} a{color:#4f46e5}
  a.button{display:inline-block;font:inherit;padding:.65rem 1.2rem;border-radius:.5rem;
    border:1px solid #d1d5db;background:#fff;color:#0f172a;text-decoration:none}
  dl{margin:1.25rem 0 0;display:grid;gap:.9rem} dl div{display:flex;justify-content:space-between;
    gap:1rem;align-items:baseline;border-top:1px solid #e5e7eb;padding-top:.9rem}
  dt{color:#374151} dd{margin:0;font-weight:600;text-align:right;white-space:nowrap}
  .hint{margin:.35rem 0 0;color:#6b7280;font-size:.85rem}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${fontStylesheet}"><style>${styles}</style></head><body>
<a class="brand" href="/"><img src="/favicon.svg" alt="">${escapeHtml(copy.product.wordmark)}</a><main>
<span class="badge">${escapeHtml(copy.billing.testMode)}</span>${body}</main></body></html>`;
}

const button = (action: string, label: string, kind = '') =>
  `<form method="post" action="${escapeHtml(action)}"><button type="submit" class="${kind}">${escapeHtml(label)}</button></form>`;

export function checkoutPage(sessionId: string, plan: Plan): string {
  const t = copy.testCheckout;
  const base = `/api/billing/test-checkout/${encodeURIComponent(sessionId)}`;
  return page(
    t.title,
    `<h1>${escapeHtml(t.subscribeTo(plan.name))}</h1>
<p class="price">${escapeHtml(t.perMonth(plan.price))}</p>
<p class="muted">${escapeHtml(t.creditsPerMonth(plan.credits))}</p>
<ul>${plan.features.map((f) => `<li>${escapeHtml(f)}</li>`).join('')}</ul>
<p class="notice" role="note">${escapeHtml(t.notice)}</p>
<div class="actions">${button(`${base}/pay`, t.pay(plan.price), 'primary')}${button(`${base}/cancel`, t.cancel)}</div>`,
  );
}

export function closedPage(returnUrl: string): string {
  const t = copy.testCheckout;
  return page(
    t.title,
    `<h1>${escapeHtml(t.closed)}</h1><p><a href="${escapeHtml(returnUrl)}">${escapeHtml(t.backToBilling)}</a></p>`,
  );
}

/** "Dec 23, 2026": the date a scheduled change takes effect, as the Billing screen writes it. */
function periodEndText(date: Date): string {
  return date.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export function portalPage(
  portalId: string,
  returnUrl: string,
  subscription: {
    planId: PaidPlanId;
    /** A downgrade waiting for the period's end. */
    scheduledPlanId: PaidPlanId | null;
    periodEnd: Date;
    cancelAtPeriodEnd: boolean;
  } | null,
): string {
  const t = copy.testCheckout;
  const back = `<p><a href="${escapeHtml(returnUrl)}">${escapeHtml(t.backToBilling)}</a></p>`;
  if (!subscription)
    return page(
      t.portalTitle,
      `<h1>${escapeHtml(t.portalTitle)}</h1><p>${escapeHtml(t.noSubscription)}</p>${back}`,
    );
  const action = `/api/billing/test-portal/${encodeURIComponent(portalId)}/action`;
  const form = (value: string, label: string, kind = '') =>
    `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="action" value="${escapeHtml(value)}"><button type="submit" class="${kind}">${escapeHtml(label)}</button></form>`;
  const others = (['starter', 'growth', 'expert'] as const).filter(
    (id) => id !== subscription.planId,
  );
  const plan = getPlan(subscription.planId);
  // What follows the period: Free after a cancellation, the lower plan after a downgrade.
  const next = subscription.cancelAtPeriodEnd
    ? getPlan('free').name
    : subscription.scheduledPlanId && getPlan(subscription.scheduledPlanId).name;
  return page(
    t.portalTitle,
    `<h1>${escapeHtml(t.current(plan.name))}</h1>
<p class="muted">${escapeHtml(t.periodEnds(subscription.periodEnd.toISOString().slice(0, 10)))}</p>
${next ? `<p class="notice" data-testid="scheduled-change">${escapeHtml(t.untilThen(plan.name, periodEndText(subscription.periodEnd), next))}</p>` : ''}
<p class="notice" role="note">${escapeHtml(t.notice)}</p>
<div class="actions">
${others.map((id) => `<a class="button" href="/api/billing/test-portal/${encodeURIComponent(portalId)}/switch/${id}">${escapeHtml(t.switchTo(getPlan(id).name))}</a>`).join('')}
${subscription.cancelAtPeriodEnd ? form('resume', t.resumePlan, 'primary') : form('cancel', t.cancelPlan, 'danger')}
</div>${back}`,
  );
}

/** What the switch page shows: the plans, the charge today and the balance before and after. */
export interface SwitchView {
  from: Plan;
  to: Plan;
  /** In cents; more than 0 for an upgrade, which adds the plan's credits at once. */
  chargeToday: number;
  periodEnd: Date;
  balance: number;
  balanceAfter: number;
}

/**
 * The portal's page confirming one switch (issue 41), as Stripe's portal confirms one: the new
 * price, what is charged today, and what happens to the credits, before the click.
 */
export function switchPage(portalId: string, view: SwitchView | null): string {
  const t = planChangeCopy.switchPage;
  const portal = `/api/billing/test-portal/${encodeURIComponent(portalId)}`;
  const back = `<p><a href="${escapeHtml(portal)}">${escapeHtml(t.back)}</a></p>`;
  if (!view)
    return page(copy.testCheckout.portalTitle, `<p>${escapeHtml(t.cannotSwitch)}</p>${back}`);
  const { from, to, chargeToday } = view;
  const upgrade = chargeToday > 0;
  const date = periodEndText(view.periodEnd);
  const row = (label: string, value: string, hint = '', testId = '') =>
    `<div><dt>${escapeHtml(label)}${hint ? `<p class="hint">${escapeHtml(hint)}</p>` : ''}</dt><dd${testId ? ` data-testid="${testId}"` : ''}>${escapeHtml(value)}</dd></div>`;
  const confirm = `<form method="post" action="${escapeHtml(`${portal}/action`)}"><input type="hidden" name="action" value="switch:${escapeHtml(to.id)}"><button type="submit" class="primary">${escapeHtml(upgrade ? t.confirmUpgrade(chargeToday) : t.confirmDowngrade)}</button></form>`;
  return page(
    t.title(to.name),
    `<h1>${escapeHtml(t.title(to.name))}</h1>
<p class="price">${escapeHtml(t.price(to.price))}</p>
<dl>
${row(t.chargeToday, t.charge(chargeToday), upgrade ? t.upgradeChargeHint(from.name, date) : t.downgradeChargeHint(from.name, date), 'charge-today')}
${row(t.thenMonthly, t.price(to.price))}
${row(t.balanceNow, copy.billing.credits(view.balance))}
${row(t.balanceAfter, copy.billing.credits(view.balanceAfter), '', 'balance-after')}
</dl>
<p class="notice" role="note">${escapeHtml(upgrade ? t.upgradeCredits(view.balance, to.name, to.credits) : t.downgradeCredits(to.name, to.credits, date))}</p>
<p class="muted">${escapeHtml(copy.testCheckout.notice)}</p>
<div class="actions">${confirm}<a class="button" href="${escapeHtml(portal)}">${escapeHtml(t.back)}</a></div>`,
  );
}
