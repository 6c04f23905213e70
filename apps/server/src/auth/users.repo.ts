import type { Kysely } from 'kysely';
import type { DB } from '../platform/db/types';

/** Whether the address belongs to an account that has verified it. */
export async function isVerifiedAddress(db: Kysely<DB>, email: string): Promise<boolean> {
  const user = await db
    .selectFrom('user')
    .select('email_verified')
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
  return Boolean(user?.email_verified);
}
