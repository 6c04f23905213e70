import * as z from 'zod';
import { planIds } from '../plans';
import { spendingTeamSchema } from '../schemas/team';

/**
 * One entry per callable: the payload sent as `{ data }` and the value answered in `data`.
 * `createPortalSession` is ours: the brief's screen has no way to change or cancel a plan, the
 * landing page promises one.
 */
export const paymentModes = ['test', 'live'] as const;
export type PaymentMode = (typeof paymentModes)[number];

export const subscriptionStatuses = ['free', 'active', 'canceling', 'past_due'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

export const operationTypes = ['image_resize', 'image_regenerate'] as const;
export type OperationType = (typeof operationTypes)[number];

const noPayloadSchema = z.union([z.null(), z.undefined(), z.object({}).strict()]);

export const getStripeConfigRequestSchema = noPayloadSchema;
export const getStripeConfigResponseSchema = z.object({
  publishableKey: z.string(),
  mode: z.enum(paymentModes),
});
export type GetStripeConfigResponse = z.infer<typeof getStripeConfigResponseSchema>;

export const createCheckoutSessionRequestSchema = z.object({
  planId: z.string().min(1),
  origin: z.url().optional(),
});
export type CreateCheckoutSessionRequest = z.infer<typeof createCheckoutSessionRequestSchema>;
export const createCheckoutSessionResponseSchema = z.object({ url: z.string().min(1) });
export type CreateCheckoutSessionResponse = z.infer<typeof createCheckoutSessionResponseSchema>;

export const createPortalSessionRequestSchema = z.object({ origin: z.url().optional() });
export type CreatePortalSessionRequest = z.infer<typeof createPortalSessionRequestSchema>;
export const createPortalSessionResponseSchema = z.object({ url: z.string().min(1) });
export type CreatePortalSessionResponse = z.infer<typeof createPortalSessionResponseSchema>;

export const trackUsageRequestSchema = z.object({ operationType: z.enum(operationTypes) });
export type TrackUsageRequest = z.infer<typeof trackUsageRequestSchema>;
export const trackUsageResponseSchema = z.null();

export const getUsageStatsRequestSchema = noPayloadSchema;
export const getUsageStatsResponseSchema = z.object({
  /** The balance the user spends from: the team pool's while `team` is set (issue 26). */
  remainingCredits: z.number().int().nonnegative(),
  /** The user's own balance, untouched while they spend from a team's pool. */
  personalCredits: z.number().int().nonnegative(),
  team: spendingTeamSchema.nullable(),
  usedCredits: z.number().int().nonnegative(),
  /**
   * Credits the user made runs with since the calendar month began (UTC), from any balance: the
   * figure Team shows beside their name (issue 41).
   */
  creditsUsedThisMonth: z.number().int().nonnegative(),
  totalOperations: z.number().int().nonnegative(),
  operationsThisMonth: z.number().int().nonnegative(),
  subscriptionStatus: z.enum(subscriptionStatuses),
  /** The user's own subscription's plan (Billing shows and changes it). */
  currentPlan: z.enum(planIds),
  /**
   * The plan the user's runs follow, of whoever pays for them: the pool owner's while `team` is
   * set, else `currentPlan`. It sets the ratios running at once, the queue place and bulk.
   */
  payerPlan: z.enum(planIds),
  /** ISO date of the next renewal (or, when canceling, of the move to the free tier). */
  renewalDate: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** A downgrade scheduled for the end of the period. */
  scheduledPlan: z.enum(planIds).nullable(),
});
export type UsageStats = z.infer<typeof getUsageStatsResponseSchema>;

export const callableSchemas = {
  getStripeConfig: {
    request: getStripeConfigRequestSchema,
    response: getStripeConfigResponseSchema,
  },
  createCheckoutSession: {
    request: createCheckoutSessionRequestSchema,
    response: createCheckoutSessionResponseSchema,
  },
  createPortalSession: {
    request: createPortalSessionRequestSchema,
    response: createPortalSessionResponseSchema,
  },
  trackUsage: { request: trackUsageRequestSchema, response: trackUsageResponseSchema },
  getUsageStats: { request: getUsageStatsRequestSchema, response: getUsageStatsResponseSchema },
} as const;

export type CallableName = keyof typeof callableSchemas;
export type CallableRequest<N extends CallableName> = z.input<
  (typeof callableSchemas)[N]['request']
>;
export type CallableResponse<N extends CallableName> = z.output<
  (typeof callableSchemas)[N]['response']
>;

export const callableNames = Object.keys(callableSchemas) as CallableName[];

export function isCallableName(value: string): value is CallableName {
  return Object.hasOwn(callableSchemas, value);
}

/** Where the server serves a callable: `POST /api/callables/<name>`. */
export const callablesBasePath = '/api/callables';
