/**
 * Every background job, by name (subject then verb), with its payload. A queue refuses to start
 * unless it has a handler for each name of `jobNames`.
 */
export const jobNames = ['PredictionRun', 'PlanRenew', 'ApiWebhookDeliver'] as const;

export type JobCatalogue =
  | { name: 'PredictionRun'; data: { predictionId: string } }
  | { name: 'PlanRenew'; data: Record<string, never> }
  | { name: 'ApiWebhookDeliver'; data: { deliveryId: string } };

export type JobName = (typeof jobNames)[number];

/**
 * The lanes a process runs jobs in, each with slots of its own (issue 39). Image jobs and
 * renewals take the engine's slots; webhook deliveries, which wait on a receiver and not on a
 * core, take the deliveries' few, so a receiver that never answers holds a delivery slot and
 * never an engine one.
 */
export const jobLanes = ['engine', 'webhooks'] as const;
export type JobLane = (typeof jobLanes)[number];

export const laneOf: { readonly [N in JobName]: JobLane } = {
  PredictionRun: 'engine',
  PlanRenew: 'engine',
  ApiWebhookDeliver: 'webhooks',
};

/** Webhook deliveries one process runs at once, whatever the size of its engine pool. */
export const WEBHOOK_LANE_SLOTS = 4;

/** The slots of each lane in a process whose engine pool runs `engineSlots` jobs at once. */
export function laneSlots(engineSlots: number): Record<JobLane, number> {
  return { engine: Math.max(1, engineSlots), webhooks: WEBHOOK_LANE_SLOTS };
}
export type JobData<N extends JobName> = Extract<JobCatalogue, { name: N }>['data'];

/**
 * What a handler reports; failures it handled itself (and refunded) are `failed`, not thrown.
 * `deferred`: the job did not start (its owner already has their share of workers busy); the
 * queue runs it again a little later.
 */
export type JobStatus = 'succeeded' | 'failed' | 'skipped' | 'deferred';

export type JobHandler<N extends JobName> = (
  data: JobData<N>,
  signal: AbortSignal,
) => Promise<JobStatus>;

export type JobHandlers = { [N in JobName]: JobHandler<N> };

/** Hands a job to its handler, each payload to the handler of its name. */
export function runJob(handlers: JobHandlers, job: JobCatalogue, signal: AbortSignal) {
  switch (job.name) {
    case 'PredictionRun':
      return handlers.PredictionRun(job.data, signal);
    case 'PlanRenew':
      return handlers.PlanRenew(job.data, signal);
    case 'ApiWebhookDeliver':
      return handlers.ApiWebhookDeliver(job.data, signal);
  }
}

/** Throws when a job name has no handler, so a worker never starts half-equipped. */
export function assertHandlersForEveryJob(handlers: JobHandlers): void {
  const missing = jobNames.filter((name) => typeof handlers[name] !== 'function');
  if (missing.length > 0) throw new Error(`No handler for job(s): ${missing.join(', ')}`);
}

/** How long a deferred job waits before it is offered to a worker again. */
export const DEFER_MS = 500;
