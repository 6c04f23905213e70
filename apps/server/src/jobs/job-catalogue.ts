/** Every background job, by name; payload types come from here. */
export type JobCatalogue = { name: 'PredictionRun'; data: { predictionId: string } };

export type JobName = JobCatalogue['name'];
export type JobData<N extends JobName> = Extract<JobCatalogue, { name: N }>['data'];

/** What a handler reports; failures it handled itself (and refunded) are `failed`, not thrown. */
export type JobStatus = 'succeeded' | 'failed' | 'skipped';

export type JobHandler<N extends JobName> = (
  data: JobData<N>,
  signal: AbortSignal,
) => Promise<JobStatus>;

export type JobHandlers = { [N in JobName]: JobHandler<N> };
