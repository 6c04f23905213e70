import { describe, expect, it } from 'vitest';
import type { Prediction, PredictionInput } from '@reframe/shared';
import { testPrediction as prediction } from '../../../api/test-prediction';
import { runPrediction, type PredictionApi, type PredictionProgress } from './run-prediction';

const input = { upload_id: 'up1', aspect_ratio: '16:9', regenerate: false };

const succeeded = (id = 'p1') =>
  prediction({
    id,
    status: 'succeeded',
    output: `http://app.test/api/files/${id}.png`,
    offset_x: 120,
    offset_y: 0,
    confidence: 0.42,
  });

/** A strict fake: each call takes the next planned answer; an unplanned call fails the test. */
function plannedApi(starts: (Prediction | Error)[], polls: (Prediction | Error)[]) {
  const started: PredictionInput[] = [];
  const polled: string[] = [];
  const take = (queue: (Prediction | Error)[], what: string) => {
    const next = queue.shift();
    if (!next) throw new Error(`unplanned ${what}`);
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  };
  const api: PredictionApi = {
    start: (body) => {
      started.push(body);
      return take(starts, 'start');
    },
    get: (id) => {
      polled.push(id);
      return take(polls, 'poll');
    },
  };
  return { api, started, polled };
}

/** Runs with a fake clock that moves only when the runner sleeps or a poll is held. */
function run(api: PredictionApi, { pollHeldMs = 0 } = {}) {
  const sleeps: number[] = [];
  const progress: PredictionProgress[] = [];
  let clock = 0;
  const heldApi: PredictionApi = {
    start: (body) => api.start(body),
    get: (id) => {
      clock += pollHeldMs;
      return api.get(id);
    },
  };
  const promise = runPrediction(input, {
    api: heldApi,
    now: () => clock,
    sleep: (ms) => {
      sleeps.push(ms);
      clock += ms;
      return Promise.resolve();
    },
    onProgress: (event) => progress.push(event),
    random: () => 0.123456789,
  });
  return { promise, sleeps, progress };
}

describe('runPrediction', () => {
  it('polls at once, then a second after each poll began, until the job succeeds', async () => {
    const { api, started, polled } = plannedApi(
      [prediction()],
      [prediction({ status: 'processing' }), succeeded()],
    );
    const { promise, sleeps, progress } = run(api);
    await expect(promise).resolves.toEqual({
      ratio: '16:9',
      url: 'http://app.test/api/files/p1.png',
      width: 853,
      height: 480,
      alignment: 'center',
      offsetX: 120,
      offsetY: 0,
      confidence: 0.42,
      framing: 'keep',
      style: 'natural',
      crop: null,
    });
    expect(started).toEqual([{ ...input, seed: 123456 }]);
    expect(polled).toEqual(['p1', 'p1']);
    expect(sleeps).toEqual([1000]);
    expect(progress.map((event) => event.kind)).toEqual(['started', 'polled', 'polled']);
  });

  it('polls again at once after a poll the server held for its second', async () => {
    const { api, polled } = plannedApi(
      [prediction()],
      [prediction({ status: 'processing' }), prediction({ status: 'processing' }), succeeded()],
    );
    const { promise, sleeps } = run(api, { pollHeldMs: 1000 });
    await expect(promise).resolves.toMatchObject({ ratio: '16:9' });
    expect(polled).toHaveLength(3);
    expect(sleeps).toEqual([0, 0]);
  });

  it('gives up after 60 polls with the timeout message, without retrying', async () => {
    const polls = Array.from({ length: 60 }, () => prediction({ status: 'processing' }));
    const { api, polled } = plannedApi([prediction()], polls);
    await expect(run(api).promise).rejects.toThrow(
      'Processing timeout: The operation took too long to complete.',
    );
    expect(polled).toHaveLength(60);
  });

  it('retries a transient failed job twice, 2 s apart, then reports it', async () => {
    const failed = (id: string) =>
      prediction({ id, status: 'failed', error: 'worker interrupted' });
    const { api, started } = plannedApi(
      [prediction({ id: 'a' }), prediction({ id: 'b' }), prediction({ id: 'c' })],
      [failed('a'), failed('b'), failed('c')],
    );
    const { promise, sleeps, progress } = run(api);
    await expect(promise).rejects.toThrow('Image expansion failed: worker interrupted');
    expect(started).toHaveLength(3);
    expect(sleeps).toEqual([2000, 2000]);
    expect(progress.filter((event) => event.kind === 'retrying')).toEqual([
      { kind: 'retrying', attempt: 1 },
      { kind: 'retrying', attempt: 2 },
    ]);
  });

  it('succeeds on a retry after a transient start error', async () => {
    const { api } = plannedApi(
      [new Error('API error: request timeout'), prediction({ id: 'b' })],
      [succeeded('b')],
    );
    await expect(run(api).promise).resolves.toMatchObject({
      url: 'http://app.test/api/files/b.png',
    });
  });

  it('does not retry other failures', async () => {
    const { api, started } = plannedApi(
      [new Error('API error: You have no remaining credits.')],
      [],
    );
    await expect(run(api).promise).rejects.toThrow('API error: You have no remaining credits.');
    expect(started).toHaveLength(1);
  });

  it('rejects a result without an http URL', async () => {
    const { api } = plannedApi(
      [prediction()],
      [prediction({ status: 'succeeded', output: 'data:image/png;base64,AAA' })],
    );
    await expect(run(api).promise).rejects.toThrow(
      'Invalid response: Missing or malformed image URL',
    );
  });

  it('treats a failed poll as final', async () => {
    const { api, started } = plannedApi(
      [prediction()],
      [new Error('Status check error: timeout while reading')],
    );
    await expect(run(api).promise).rejects.toThrow('Status check error: timeout while reading');
    expect(started).toHaveLength(1);
  });
});
