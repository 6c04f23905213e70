import * as z from 'zod';

/**
 * Request and response shapes of the team API (issue 26): an Expert owner's team of colleagues
 * sharing one credit pool and one history. Validation issues carry an error-catalogue code as
 * their message, so the server can answer with it.
 */
export const teamRoles = ['owner', 'admin', 'member'] as const;
export type TeamRole = (typeof teamRoles)[number];

/** The roles an invitation or a role change can give: a team has exactly one owner. */
export const inviteRoles = ['admin', 'member'] as const;
export type InviteRole = (typeof inviteRoles)[number];

/** How long an invitation link works. */
export const TEAM_INVITE_TTL_DAYS = 7;

export const teamSummarySchema = z.object({
  id: z.string(),
  ownerName: z.string(),
  /** The owner, the members and the pending invitations. */
  seatsUsed: z.number().int().nonnegative(),
  seatLimit: z.number().int().nonnegative(),
  /** The owner's plan has left Expert: members spend their own credits until it comes back. */
  suspended: z.boolean(),
});
export type TeamSummary = z.infer<typeof teamSummarySchema>;

export const teamMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(teamRoles),
  /** Credits this member spent from the team's pool since the start of the calendar month (UTC). */
  creditsUsedThisMonth: z.number().int().nonnegative(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamInviteSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(inviteRoles),
  /** ISO-8601 */
  expiresAt: z.string(),
});
export type TeamInvite = z.infer<typeof teamInviteSchema>;

/** A team as one of its people sees it (GET /api/team, and the answer of changes to it). */
export const teamViewSchema = z.object({
  team: teamSummarySchema,
  /** The viewer's role. */
  role: z.enum(teamRoles),
  /** The owner first, then by joining date. */
  members: z.array(teamMemberSchema),
  /** Pending invitations; empty for a plain member. */
  invites: z.array(teamInviteSchema),
});
export type TeamView = z.infer<typeof teamViewSchema>;

/** GET /api/team for a user in no team and not on Expert. */
export const noTeamSchema = z.object({ team: z.null(), eligible: z.boolean() });
export type NoTeam = z.infer<typeof noTeamSchema>;

export const teamResponseSchema = z.union([noTeamSchema, teamViewSchema]);
export type TeamResponse = z.infer<typeof teamResponseSchema>;

/** POST /api/team/invites -> 201 `{ invite }`. */
export const createInviteBodySchema = z.object({
  email: z
    .string({ error: 'FILL_ALL_FIELDS' })
    .trim()
    .min(1, { error: 'FILL_ALL_FIELDS' })
    .pipe(z.email({ error: 'INVALID_EMAIL' }))
    .transform((email) => email.toLowerCase()),
  role: z.enum(inviteRoles, { error: 'TEAM_ROLE_INVALID' }),
});
export type CreateInviteBody = z.input<typeof createInviteBodySchema>;

export const createInviteResponseSchema = z.object({ invite: teamInviteSchema });
export type CreateInviteResponse = z.infer<typeof createInviteResponseSchema>;

/** PATCH /api/team/members/:userId -> 200 TeamView (the owner only). */
export const changeRoleBodySchema = z.object({
  role: z.enum(inviteRoles, { error: 'TEAM_ROLE_INVALID' }),
});
export type ChangeRoleBody = z.infer<typeof changeRoleBodySchema>;

const inviteToken = z
  .string({ error: 'TEAM_INVITE_UNKNOWN' })
  .min(1, { error: 'TEAM_INVITE_UNKNOWN' })
  .max(200, { error: 'TEAM_INVITE_UNKNOWN' });

/** GET /api/team/invitation?token=… -> 200 Invitation, 404 unknown, 410 expired, revoked or used. */
export const invitationQuerySchema = z.object({ token: inviteToken });
export type InvitationQuery = z.infer<typeof invitationQuerySchema>;

export const invitationSchema = z.object({
  ownerName: z.string(),
  /** The address the invitation was sent to: only an account with it can join. */
  email: z.string(),
  role: z.enum(inviteRoles),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** POST /api/team/join -> 200 TeamView. */
export const joinTeamBodySchema = z.object({ token: inviteToken });
export type JoinTeamBody = z.infer<typeof joinTeamBodySchema>;

/**
 * The team a user spends from (in GET /api/me and getUsageStats): set while they are an admin or
 * a member of an active team, and then the balance shown is the team's pool (the owner's). Null
 * for everyone else, the owner included: their own balance is the pool.
 */
export const spendingTeamSchema = z.object({
  ownerName: z.string(),
  role: z.enum(teamRoles),
});
export type SpendingTeam = z.infer<typeof spendingTeamSchema>;
