import type { InviteRole, TeamRole } from '@reframe/shared';
import type { Selectable } from 'kysely';
import type { Timestamp } from '../platform/db/types';

/** The tables of migration 0016-teams. */
export interface TeamTable {
  id: string;
  owner_user_id: string;
  created_at: Timestamp;
  /** Set while the owner's plan has no team seats: members spend their own credits again. */
  suspended_at: Timestamp | null;
}

/** The owner is no row here: a team's owner is `team.owner_user_id`. */
export interface TeamMemberTable {
  team_id: string;
  /** A user is in at most one team. */
  user_id: string;
  role: Exclude<TeamRole, 'owner'>;
  joined_at: Timestamp;
}

export interface TeamInviteTable {
  id: string;
  team_id: string;
  /** The invited address, lower case: only the account with it can join. */
  email: string;
  role: InviteRole;
  /** SHA-256 of the token the mail carries; the token itself is never stored. */
  token_hash: string;
  created_by: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

export type TeamRow = Selectable<TeamTable>;
export type TeamInviteRow = Selectable<TeamInviteTable>;

declare module '../platform/db/types' {
  interface DB {
    team: TeamTable;
    team_member: TeamMemberTable;
    team_invite: TeamInviteTable;
  }
}
