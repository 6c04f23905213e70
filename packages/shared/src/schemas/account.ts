import * as z from 'zod';
import { spendingTeamSchema } from './team';

/**
 * Request and response shapes of the account API (apps/server, routes under /api). Validation
 * issues carry an error-catalogue code as their message, so the server can answer with it.
 */

const requiredText = z.string({ error: 'FILL_ALL_FIELDS' }).min(1, { error: 'FILL_ALL_FIELDS' });

export const changeEmailBodySchema = z.object({
  currentPassword: requiredText,
  newEmail: z
    .string({ error: 'FILL_ALL_FIELDS' })
    .trim()
    .min(1, { error: 'FILL_ALL_FIELDS' })
    .pipe(z.email({ error: 'INVALID_EMAIL' }))
    .transform((email) => email.toLowerCase()),
});
export type ChangeEmailBody = z.input<typeof changeEmailBodySchema>;

export const changeEmailResponseSchema = z.object({ message: z.string() });
export type ChangeEmailResponse = z.infer<typeof changeEmailResponseSchema>;

export const deleteAccountBodySchema = z.object({ password: requiredText });
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

export const deleteAccountResponseSchema = z.object({ success: z.literal(true) });
export type DeleteAccountResponse = z.infer<typeof deleteAccountResponseSchema>;

/** The profile record of the brief ("userSettings"). */
export const userSettingsSchema = z.object({
  email: z.string(),
  displayName: z.string(),
  credits: z.number().int().nonnegative(),
  totalOperations: z.number().int().nonnegative(),
  operationsThisMonth: z.number().int().nonnegative(),
  /** 'free' at sign-up; billing owns the other values (see `subscriptionStatuses`). */
  subscriptionStatus: z.string(),
  /** ISO-8601 */
  createdAt: z.string(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

export const meResponseSchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    emailVerified: z.boolean(),
  }),
  /** `settings.credits` is the team pool's balance while this is set (issue 26). */
  settings: userSettingsSchema,
  team: spendingTeamSchema.nullable(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unavailable']),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** One message of the dev mailbox (GET /api/dev/mail, newest first). */
export const devMailMessageSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** ISO-8601 */
  sentAt: z.string(),
});
export type DevMailMessage = z.infer<typeof devMailMessageSchema>;

/** Every error body of the API: `{ code: 'UPPER_SNAKE', message }`. */
export const apiErrorSchema = z.object({ code: z.string(), message: z.string() });
export type ApiError = z.infer<typeof apiErrorSchema>;
