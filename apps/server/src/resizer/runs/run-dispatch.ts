import type { Kysely } from 'kysely';
import type { JobQueue } from '../../adapters/queue/job-queue';
import type { DB } from '../../platform/db/types';
import { jobPriorityFor } from '../../billing/plan-priority';

type Db = Kysely<DB>;

/**
 * Hands a user's waiting run predictions to the job queue, never more at once than the per-user
 * job limit (MAX_ACTIVE_JOBS_PER_USER), so a 20-photo run waits on the server, in order, instead
 * of filling the shared queue ahead of other users or the browser re-submitting it. Called when
 * a run is accepted, when one of the user's jobs settles, and at start.
 */
export function createRunDispatch(deps: { db: Db; queue: JobQueue; maxActivePerUser: number }) {
  const { db, queue, maxActivePerUser } = deps;

  async function dispatch(userId: string, now: Date = new Date()): Promise<number> {
    const admitted = await db.transaction().execute(async (trx) => {
      // Touching the profile row serialises dispatches of one user (row lock on PostgreSQL,
      // the write lock on SQLite), so two jobs settling at once cannot both fill the last slot.
      await trx
        .updateTable('user_profile')
        .set((eb) => ({ credits: eb('credits', '+', 0) }))
        .where('user_id', '=', userId)
        .execute();
      const active = await trx
        .selectFrom('prediction')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('user_id', '=', userId)
        .where('status', 'in', ['starting', 'processing'])
        .where('queued_at', 'is not', null)
        .executeTakeFirst();
      const room = maxActivePerUser - Number(active?.count ?? 0);
      if (room <= 0) return [];
      const waiting = await trx
        .selectFrom('prediction')
        .select('id')
        .where('user_id', '=', userId)
        .where('status', '=', 'starting')
        .where('queued_at', 'is', null)
        .orderBy('created_at', 'asc')
        .orderBy('id', 'asc')
        .limit(room)
        .execute();
      const ids = waiting.map((row) => row.id);
      if (ids.length === 0) return [];
      await trx
        .updateTable('prediction')
        .set({ queued_at: now.toISOString() })
        .where('id', 'in', ids)
        .execute();
      // The jobs join the transaction (PostgreSQL), as a single prediction's does: if one cannot
      // be enqueued, none is marked queued and the next dispatch hands them out again.
      const priority = await jobPriorityFor(trx, userId);
      for (const id of ids) {
        await queue.enqueue(
          { name: 'PredictionRun', data: { predictionId: id } },
          { key: id, priority, trx },
        );
      }
      return ids;
    });
    return admitted.length;
  }

  return {
    dispatch,
    /** After a job settles: the next of its owner's waiting outputs, if any. */
    async afterJob(predictionId: string): Promise<void> {
      const row = await db
        .selectFrom('prediction')
        .select('user_id')
        .where('id', '=', predictionId)
        .executeTakeFirst();
      if (row) await dispatch(row.user_id);
    },
    /** At start: every user with waiting outputs. */
    async resumeAll(): Promise<void> {
      const users = await db
        .selectFrom('prediction')
        .select('user_id')
        .distinct()
        .where('status', '=', 'starting')
        .where('queued_at', 'is', null)
        .execute();
      for (const { user_id } of users) await dispatch(user_id);
    },
  };
}

export type RunDispatch = ReturnType<typeof createRunDispatch>;
