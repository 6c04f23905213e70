import type { Kysely } from 'kysely';
import type { JobQueue } from '../../adapters/queue/job-queue';
import type { DB } from '../../platform/db/types';
import { jobPriorityFor } from '../../team/plans';
import {
  countDispatchedActive,
  findOwnerForDispatch,
  listOwnersWithWaiting,
  listWaitingForDispatch,
  lockOwnerForDispatch,
  markDispatched,
} from './run-dispatch.repo';

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
      await lockOwnerForDispatch(trx, userId);
      const room = maxActivePerUser - (await countDispatchedActive(trx, userId));
      if (room <= 0) return [];
      const ids = await listWaitingForDispatch(trx, userId, room);
      if (ids.length === 0) return [];
      await markDispatched(trx, ids, now);
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
      const userId = await findOwnerForDispatch(db, predictionId);
      if (userId) await dispatch(userId);
    },
    /** At start: every user with waiting outputs. */
    async resumeAll(): Promise<void> {
      for (const userId of await listOwnersWithWaiting(db)) await dispatch(userId);
    },
  };
}

export type RunDispatch = ReturnType<typeof createRunDispatch>;
