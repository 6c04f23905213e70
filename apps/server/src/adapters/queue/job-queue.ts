import type { JobCatalogue, JobHandlers } from '../../jobs/job-catalogue';

/**
 * Runs jobs whose state lives in the database. Enqueueing the same key twice while it is queued
 * or running runs it once. One interface; the in-process queue is the embedded default.
 */
export interface JobQueue {
  readonly kind: 'in-process';
  /** Registers the handlers (one per job name, checked at start) and starts taking jobs. */
  start(handlers: JobHandlers): void;
  enqueue(job: JobCatalogue, key: string): void;
  /** Jobs queued or running now. */
  pending(): number;
  /** Stops taking jobs and aborts running ones; the database keeps their state for a restart. */
  close(): Promise<void>;
}
