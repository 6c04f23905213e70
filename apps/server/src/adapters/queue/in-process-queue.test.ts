import pino from 'pino';
import { describe, expect, it } from 'vitest';
import {
  WEBHOOK_LANE_SLOTS,
  type JobHandlers,
  type JobStatus,
} from '../../platform/jobs/job-catalogue';
import { createInProcessQueue } from './in-process-queue';

const log = pino({ level: 'silent' });
const job = (predictionId: string) => ({ name: 'PredictionRun' as const, data: { predictionId } });
const PlanRenew = () => Promise.resolve('succeeded' as const);
const ApiWebhookDeliver = () => Promise.resolve('succeeded' as const);

describe('createInProcessQueue', () => {
  it('runs each key once and at most `concurrency` jobs at a time', async () => {
    const queue = createInProcessQueue({ concurrency: 2, log });
    let running = 0;
    let peak = 0;
    const ran: string[] = [];
    const handlers: JobHandlers = {
      PlanRenew,
      ApiWebhookDeliver,
      PredictionRun: async ({ predictionId }) => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 20));
        ran.push(predictionId);
        running--;
        return 'succeeded';
      },
    };
    for (const id of ['a', 'b', 'a', 'c', 'd'])
      void queue.enqueue(job(id), { key: id, priority: 0 });
    void queue.start(handlers);
    while (queue.pending() > 0) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(ran.sort()).toEqual(['a', 'b', 'c', 'd']);
    expect(peak).toBe(2);
    await queue.close();
  });

  it('refuses to start without a handler for every job', () => {
    const queue = createInProcessQueue({ concurrency: 1, log });
    expect(() => queue.start({} as JobHandlers)).toThrow(
      /No handler for job\(s\): PredictionRun, PlanRenew/,
    );
  });

  it('aborts running jobs on close and takes no more', async () => {
    const queue = createInProcessQueue({ concurrency: 1, log });
    let aborted = false;
    void queue.start({
      PlanRenew,
      ApiWebhookDeliver,
      PredictionRun: (_data, signal) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => {
            aborted = true;
            reject(signal.reason as Error);
          });
        }),
    });
    void queue.enqueue(job('x'), { key: 'x', priority: 0 });
    await queue.close();
    expect(aborted).toBe(true);
    void queue.enqueue(job('y'), { key: 'y', priority: 0 });
    expect(queue.pending()).toBe(0);
  });

  it('forgets the jobs still waiting when it closes', async () => {
    const queue = createInProcessQueue({ concurrency: 1, log });
    void queue.start({
      PlanRenew,
      ApiWebhookDeliver,
      PredictionRun: (_data, signal) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => reject(signal.reason as Error));
        }),
    });
    void queue.enqueue(job('running'), { key: 'running', priority: 0 });
    void queue.enqueue(job('waiting'), { key: 'waiting', priority: 0 });
    expect(queue.pending()).toBe(2);
    await queue.close();
    expect(queue.pending()).toBe(0);
  });

  it('runs the highest priority first, then in order of arrival', async () => {
    const queue = createInProcessQueue({ concurrency: 1, log });
    const ran: string[] = [];
    const jobs: [string, number][] = [
      ['free-1', 0],
      ['free-2', 0],
      ['growth', 1],
      ['expert', 2],
      ['free-3', 0],
    ];
    for (const [id, priority] of jobs) void queue.enqueue(job(id), { key: id, priority });
    void queue.start({
      PlanRenew,
      ApiWebhookDeliver,
      PredictionRun: ({ predictionId }) => {
        ran.push(predictionId);
        return Promise.resolve('succeeded');
      },
    });
    while (queue.pending() > 0) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(ran).toEqual(['expert', 'growth', 'free-1', 'free-2', 'free-3']);
    await queue.close();
  });

  it('runs a deferred job again later, and counts it as pending meanwhile', async () => {
    const queue = createInProcessQueue({ concurrency: 1, log });
    const statuses: JobStatus[] = ['deferred', 'succeeded'];
    let calls = 0;
    void queue.start({
      PlanRenew,
      ApiWebhookDeliver,
      PredictionRun: () => Promise.resolve(statuses[calls++]!),
    });
    void queue.enqueue(job('later'), { key: 'later', priority: 0 });
    void queue.enqueue(job('later'), { key: 'later', priority: 0 });
    while (calls < 1) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(queue.pending()).toBe(1);
    while (queue.pending() > 0) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(calls).toBe(2);
    await queue.close();
  });

  it('runs webhook deliveries in a lane of their own: an image job never waits behind them (issue 39)', async () => {
    const queue = createInProcessQueue({ concurrency: 1, log });
    const delivering = new Set<string>();
    let imageJobRan = false;
    /** A delivery to a receiver that never answers: it holds its slot until the queue closes. */
    const silent = (signal: AbortSignal) =>
      new Promise<JobStatus>((_resolve, reject) => {
        signal.addEventListener('abort', () => reject(signal.reason as Error));
      });
    void queue.start({
      PlanRenew,
      ApiWebhookDeliver: ({ deliveryId }, signal) => {
        delivering.add(deliveryId);
        return silent(signal);
      },
      PredictionRun: () => {
        imageJobRan = true;
        return Promise.resolve('succeeded');
      },
    });
    const deliveries = Array.from({ length: WEBHOOK_LANE_SLOTS + 3 }, (_, n) => `msg_${n}`);
    for (const deliveryId of deliveries) {
      void queue.enqueue(
        { name: 'ApiWebhookDeliver', data: { deliveryId } },
        { key: deliveryId, priority: 100 },
      );
    }
    void queue.enqueue(job('victim'), { key: 'victim', priority: 0 });
    // The image job has finished once it ran and only the deliveries are left pending.
    while (!imageJobRan || queue.pending() > deliveries.length) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(delivering.size).toBe(WEBHOOK_LANE_SLOTS);
    await queue.close();
  });
});
