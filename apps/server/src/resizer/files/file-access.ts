import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/types';
import { visibleTeamId } from '../../team/team-access';
import { findTeamOfFile } from './files.repo';
import { fileOfKey, userPrefix } from './storage-keys';

/**
 * Whether a user may read a stored file (issue 26): its maker may read a personal run's files,
 * which live under their own prefix; a team run's files are for the people who see the team's
 * history (team tells whose that is), and no one else, its maker included once removed.
 */
export async function canReadFile(db: Kysely<DB>, userId: string, key: string): Promise<boolean> {
  const team = await findTeamOfFile(db, fileOfKey(key));
  if (team === null) return key.startsWith(userPrefix(userId));
  return team === (await visibleTeamId(db, userId));
}
