import { balanceAfterTopUp, balanceAfterUpgrade, getPlan, type PlanId } from '../plans';

const credits = (n: number) => `${n} ${n === 1 ? 'credit' : 'credits'}`;
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * What a plan change says, before and after (issue 41): Billing's note under "Proceed to
 * Payment", the test-mode portal's switch page and Billing's message on the way back. Every
 * balance here comes from the rule in plans.ts (`balanceAfterTopUp`, `balanceAfterUpgrade`).
 */
export const planChangeCopy = {
  /** Billing, under "Proceed to Payment", when a higher plan is chosen. */
  balanceNote: (balance: number, from: PlanId, to: PlanId): string => {
    const planCredits = getPlan(to).credits;
    if (from !== 'free') {
      return `Your ${credits(balance)} left carry over: ${getPlan(to).name} adds ${planCredits}, so your balance becomes ${balanceAfterUpgrade(balance, planCredits)} credits.`;
    }
    const after = balanceAfterTopUp(balance, planCredits);
    return after > balance
      ? `Your balance becomes ${after} credits; free credits do not carry over.`
      : `Your balance stays at ${after} credits.`;
  },
  switchPage: {
    title: (plan: string) => `Switch to ${plan}`,
    price: (price: number) => `$${price} per month`,
    chargeToday: 'Charged today',
    charge: (cents: number) => dollars(cents),
    upgradeChargeHint: (from: string, date: string) =>
      `The difference from ${from} for the rest of this period, to ${date}.`,
    downgradeChargeHint: (from: string, date: string) =>
      `Nothing is charged or refunded: you keep ${from} until ${date}.`,
    thenMonthly: 'Then, each month',
    balanceNow: 'Your balance now',
    balanceAfter: 'Your balance after the switch',
    upgradeCredits: (left: number, plan: string, planCredits: number) =>
      `Your ${credits(left)} left carry over and ${plan} adds its ${planCredits} credits at once.`,
    downgradeCredits: (plan: string, planCredits: number, date: string) =>
      `Your balance does not change now. From ${date}, each period tops it up to ${plan}'s ${planCredits} credits.`,
    confirmUpgrade: (cents: number) => `Switch and pay ${dollars(cents)}`,
    confirmDowngrade: 'Confirm switch',
    back: 'Back',
    cannotSwitch: 'This plan cannot be chosen here.',
  },
  /** Billing, back from a switch (`?switched=<plan>`). */
  switched: (plan: string, balance: number) =>
    `You are now on ${plan}. Your balance is ${credits(balance)}.`,
  switchScheduled: (current: string, date: string, next: string) =>
    `Done: ${current} stays until ${date}, then you move to ${next}.`,
  /** The provider has not told us yet (its events may come a moment after the redirect). */
  switchPending: (plan: string) =>
    `Your switch to ${plan} is being confirmed. Reload this page in a moment to see your balance.`,
} as const;
