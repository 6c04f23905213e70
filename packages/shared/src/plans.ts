/**
 * The plan catalogue of the brief (section 9), word for word. The billing screen, the landing
 * page's pricing section and the server's fulfilment read it from here: one feature list per plan,
 * which Billing's cards and the landing page's show alike (issue 41).
 */
export const planIds = ['free', 'starter', 'growth', 'expert'] as const;
export type PlanId = (typeof planIds)[number];
export const paidPlanIds = ['starter', 'growth', 'expert'] as const;
export type PaidPlanId = (typeof paidPlanIds)[number];

export interface Plan {
  id: PlanId;
  name: string;
  /** US dollars per month; 0 for the free tier. */
  price: number;
  /** "$0 forever" or "$5/month", as the brief's table prints it. */
  priceLabel: string;
  /** Credits granted at the start of each period (the free tier is topped back up to this). */
  credits: number;
  /** Dollars per resize; the brief gives none for the free tier. */
  costPerCredit: number | null;
  features: readonly string[];
  /** Seats of the team the plan's subscriber owns, the owner included; 0: no team (issue 26). */
  teamSeats: number;
  /** Its subscriber may make API keys for /v1 (issue 30); a team's owner and admins too. */
  apiKeys: boolean;
  /** What the plan's processing feature (one of `features`) gets on the server. */
  processing: PlanProcessing;
  description: string;
  popular?: boolean;
  bestDeal?: boolean;
  /** The badge the brief names: "Most Popular" or "Best Deal". */
  badge?: string;
  /** How the landing page's pricing section words the plan's credits (brief, section 9). */
  marketing: { headline: string };
}

export interface PlanProcessing {
  /** The brief's name for it, word for word; it is one of the plan's `features`. */
  feature: string;
  /** A user's ratios running at once; their others wait in the queue. */
  ratiosAtOnce: number;
  /** Jobs are taken highest priority first, first come, first served within one. */
  queuePriority: number;
}

const standardProcessing: PlanProcessing = {
  feature: 'Standard Processing Speed',
  ratiosAtOnce: 1,
  queuePriority: 0,
};

/** The offer of a plan with a team, as its feature list names it. */
const teamFeature = (seats: number) => `Team of up to ${seats} with a shared credit pool`;

const EXPERT_TEAM_SEATS = 5;

export const plans: readonly Plan[] = [
  {
    id: 'free',
    name: 'Free Tier',
    price: 0,
    priceLabel: '$0 forever',
    credits: 5,
    costPerCredit: null,
    features: ['5 free image resizes', standardProcessing.feature],
    teamSeats: 0,
    apiKeys: false,
    processing: standardProcessing,
    description: 'Try Reframe with 5 free resizes, topped back up every month.',
    marketing: { headline: '5 image credits/month' },
  },
  {
    id: 'starter',
    name: 'Starter',
    price: 5,
    priceLabel: '$5/month',
    credits: 30,
    costPerCredit: 0.17,
    features: ['30 image resizes/month', standardProcessing.feature, 'Saves time', 'Email Support'],
    teamSeats: 0,
    apiKeys: false,
    processing: standardProcessing,
    description: 'For occasional resizing of social posts and ads.',
    marketing: { headline: '30 resizes' },
  },
  {
    id: 'growth',
    name: 'Growth',
    price: 10,
    priceLabel: '$10/month',
    credits: 75,
    costPerCredit: 0.13,
    features: [
      '75 image resizes/month',
      'Priority Processing',
      'Priority Support',
      'Bulk Processing',
    ],
    teamSeats: 0,
    apiKeys: false,
    processing: { feature: 'Priority Processing', ratiosAtOnce: 2, queuePriority: 1 },
    description: 'For marketers and creators who resize every week.',
    popular: true,
    badge: 'Most Popular',
    marketing: { headline: '75 resizes' },
  },
  {
    id: 'expert',
    name: 'Expert',
    price: 20,
    priceLabel: '$20/month',
    credits: 175,
    costPerCredit: 0.11,
    features: [
      '175 image resizes/month',
      'Ultra-Fast Processing',
      'Premium Support',
      'Bulk Processing',
      teamFeature(EXPERT_TEAM_SEATS),
    ],
    teamSeats: EXPERT_TEAM_SEATS,
    apiKeys: true,
    processing: { feature: 'Ultra-Fast Processing', ratiosAtOnce: 3, queuePriority: 2 },
    description: 'For teams producing assets at volume.',
    bestDeal: true,
    badge: 'Best Deal',
    marketing: { headline: '175 resizes' },
  },
];

export const planClaims = {
  anyTime: 'Upgrade, downgrade or cancel at any time',
  noCreditCard: 'No credit card required',
  freeReplenish: 'Free credits replenish on the renewal date',
} as const;

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (planIds as readonly string[]).includes(value);
}

export function isPaidPlanId(value: unknown): value is PaidPlanId {
  return typeof value === 'string' && (paidPlanIds as readonly string[]).includes(value);
}

export function getPlan(id: PlanId): Plan {
  const plan = plans.find((candidate) => candidate.id === id);
  if (!plan) throw new Error(`Unknown plan id: ${id}`);
  return plan;
}

/** The plan an account's stored plan id names; an unknown or missing one is the free tier. */
export function planOf(planId: string | null | undefined): Plan {
  return getPlan(isPlanId(planId) ? planId : 'free');
}

/** Where a plan's jobs stand in the queue against the other plans'. */
export function queuePlace(plan: Plan): 'standard' | 'ahead' | 'first' {
  const top = Math.max(...plans.map((other) => other.processing.queuePriority));
  if (plan.processing.queuePriority === top) return 'first';
  return plan.processing.queuePriority > 0 ? 'ahead' : 'standard';
}

/** Plans ordered by price: a move to a later plan is an upgrade, to an earlier one a downgrade. */
export function comparePlans(a: PlanId, b: PlanId): number {
  return planIds.indexOf(a) - planIds.indexOf(b);
}

/**
 * What a plan's credits do to the balance, the one rule Billing, the switch page and fulfilment
 * follow (issue 41):
 * - a first purchase (from the free tier) and each new period top the balance up to the plan's
 *   credits, never lowering it: `balanceAfterTopUp`;
 * - an upgrade from a paid plan adds the new plan's credits to the balance: the unused credits
 *   were paid for, so they carry over, `balanceAfterUpgrade`;
 * - a downgrade changes nothing until the period ends, when the lower plan's period tops up.
 */
export function balanceAfterTopUp(balance: number, planCredits: number): number {
  return Math.max(balance, planCredits);
}

export function balanceAfterUpgrade(balance: number, planCredits: number): number {
  return balance + planCredits;
}
