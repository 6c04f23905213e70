import type { SpendingTeam } from '@reframe/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../platform/db/types';

/** What billing asks of teams (app.ts hands in team's answers): one owner for each rule. */
export interface BillingTeams {
  /** The active team a member or an admin spends from; null for anyone else. */
  spendingTeamOf(
    db: Kysely<DB>,
    userId: string,
  ): Promise<(SpendingTeam & { ownerId: string }) | null>;
  /** Who pays for the user's runs: the pool's owner while they spend a team's pool, else they. */
  payerOf(db: Kysely<DB>, userId: string): Promise<string>;
  /** The balance of a team's pool. */
  poolBalance(db: Kysely<DB>, ownerId: string): Promise<number>;
  /** The owner's plan changed: whether it still entitles them to their team. */
  syncTeamWithPlan(db: Kysely<DB>, ownerId: string, entitled: boolean, now: Date): Promise<void>;
}
