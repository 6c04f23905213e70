import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { JobHandlers } from '../../jobs/job-catalogue';
import { createInProcessQueue } from './in-process-queue';

const log = pino({ level: 'silent' });
const job = (predictionId: string) => ({ name: 'PredictionRun' as const, data: { predictionId } });
const PlanRenew = () => Promise.resolve('succeeded' as const);

describe('createInProcessQueue', () => {
  it('runs each key once and at most `concurrency` jobs at a time', async () => {
    const queue = createInProcessQueue({ concurrency: 2, log });
    let running = 0;
    let peak = 0;
    const ran: string[] = [];
    const handlers: JobHandlers = {
      PlanRenew,
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
});
