import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/types';
import '../resizer.tables';

type Db = Kysely<DB>;

/** The team the run a stored file (an original or a result) belongs to was charged to; null for a personal run. */
export async function findTeamOfFile(db: Db, fileKey: string): Promise<string | null> {
  const row = await db
    .selectFrom('history_record')
    .select('team_id')
    .where((eb) =>
      eb.or([
        eb('original_key', '=', fileKey),
        eb(
          'upload_id',
          'in',
          eb.selectFrom('prediction').select('upload_id').where('output_key', '=', fileKey),
        ),
      ]),
    )
    .executeTakeFirst();
  return row?.team_id ?? null;
}
