import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/types';

/** The user of an unexpired session, looked up by its token (bearer authentication). */
export function findUserBySessionToken(db: Kysely<DB>, token: string, now: Date) {
  return db
    .selectFrom('session')
    .innerJoin('user', 'user.id', 'session.user_id')
    .select(['user.id', 'user.email', 'user.name', 'user.email_verified'])
    .where('session.token', '=', token)
    .where('session.expires_at', '>', now.toISOString())
    .executeTakeFirst();
}
