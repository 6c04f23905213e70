import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/types';
import type { JobCatalogue, JobHandlers } from '../../platform/jobs/job-catalogue';

export interface EnqueueOptions {
  /** One job per key: enqueueing a key that is queued or running again adds nothing. */
  key: string;
  /** Higher runs first (jobs of equal priority in order of arrival); see team/plans.ts. */
  priority: number;
  /** Runs the job no sooner than this many milliseconds from now (a retry's backoff). */
  delayMs?: number;
  /**
   * The transaction that writes the job's state: the job exists only if it commits (PostgreSQL
   * queue). The in-process queue takes the job at once, so enqueue as the transaction's last step.
   */
  trx?: Kysely<DB>;
}

/** What a process that runs jobs registers besides its handlers. */
export interface JobQueueStartOptions {
  /**
   * Settles a job whose retries are used up, once: pg-boss calls it from its dead-letter path.
   * The in-process queue retries nothing; its owner settles what a crash left when it starts.
   */
  giveUp?: (job: JobCatalogue) => Promise<void>;
}

/**
 * Runs jobs whose state lives in the database. One interface: the in-process queue is the
 * embedded default (SQLite), pg-boss the queue shared by every process on PostgreSQL.
 */
export interface JobQueue {
  readonly kind: 'in-process' | 'pg-boss';
  /**
   * Opens the queue. With handlers (one per job name, checked here) this process also takes and
   * runs jobs; without, it only enqueues (a web process).
   */
  start(handlers?: JobHandlers, options?: JobQueueStartOptions): Promise<void>;
  enqueue(job: JobCatalogue, options: EnqueueOptions): Promise<void>;
  /**
   * Stops taking jobs, lets running ones finish for up to `graceMs`, then aborts the rest; the
   * database keeps their state, and the queue hands them to another worker.
   */
  close(graceMs?: number): Promise<void>;
}
