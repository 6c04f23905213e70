import { describe, expect, it } from 'vitest';
import {
  firstRunningRatio,
  initialRunState,
  isRatioBusy,
  isRunActive,
  progressAction,
  runReducer,
  type RunAction,
  type RunState,
} from './run-queue';

const result = (ratio: string, url = `http://x/${ratio}.png`) => ({
  ratio,
  url,
  width: 100,
  height: 100,
  alignment: 'auto' as const,
  offsetX: 0,
  offsetY: 0,
  confidence: 0.9,
  framing: 'auto' as const,
  style: 'natural' as const,
  crop: null,
});

function apply(actions: RunAction[], from: RunState = initialRunState): RunState {
  return actions.reduce(runReducer, from);
}

describe('runReducer', () => {
  it('queues every ratio as pending and walks one to completed', () => {
    const state = apply([
      { type: 'enqueue', ratios: ['1:1', '16:9'] },
      { type: 'start', ratio: '1:1' },
    ]);
    expect(state.queue.map((item) => [item.ratio, item.status, item.statusText])).toEqual([
      ['1:1', 'processing', 'Starting processing...'],
      ['16:9', 'pending', ''],
    ]);
    expect(isRunActive(state.queue)).toBe(true);
    expect(firstRunningRatio(state.queue)).toBe('1:1');

    const done = apply(
      [
        { type: 'complete', result: result('1:1') },
        { type: 'start', ratio: '16:9' },
        { type: 'fail', ratio: '16:9', message: 'Error processing 16:9: boom' },
      ],
      state,
    );
    expect(done.queue.map((item) => item.status)).toEqual(['completed', 'error']);
    expect(done.queue[1]?.statusText).toBe('Error processing 16:9: boom');
    expect(done.error).toBe('Error processing 16:9: boom');
    expect(done.results).toEqual([result('1:1')]);
    expect(isRunActive(done.queue)).toBe(false);
  });

  it('shows Retrying with the brief text, then back to processing on progress', () => {
    const retrying = apply([
      { type: 'enqueue', ratios: ['4:5'] },
      { type: 'start', ratio: '4:5' },
      progressAction('4:5', { kind: 'retrying', attempt: 1 }),
    ]);
    expect(retrying.queue[0]).toMatchObject({
      status: 'retrying',
      statusText: 'API request failed. Automatically retrying...',
    });
    const again = runReducer(
      retrying,
      progressAction('4:5', { kind: 'started', status: 'starting' }),
    );
    expect(again.queue[0]).toMatchObject({
      status: 'processing',
      statusText: 'Processing image...',
    });
  });

  it('keeps a submitted ratio pending while the server has it queued, processing once it runs', () => {
    const queued = apply([
      { type: 'enqueue', ratios: ['1:1', '16:9', '9:16'] },
      progressAction('1:1', { kind: 'started', status: 'starting' }),
      progressAction('16:9', { kind: 'started', status: 'starting' }),
      progressAction('9:16', { kind: 'started', status: 'starting' }),
      progressAction('1:1', { kind: 'polled', status: 'processing', poll: 1 }),
      progressAction('16:9', { kind: 'polled', status: 'processing', poll: 1 }),
      progressAction('9:16', { kind: 'polled', status: 'starting', poll: 1 }),
    ]);
    expect(queued.queue.map((item) => [item.ratio, item.status, item.statusText])).toEqual([
      ['1:1', 'processing', 'AI job status: processing'],
      ['16:9', 'processing', 'AI job status: processing'],
      ['9:16', 'pending', 'AI job status: starting'],
    ]);
    expect(firstRunningRatio(queued.queue)).toBe('1:1');
    expect(isRunActive(queued.queue)).toBe(true);
  });

  it('never turns an item shown running back to pending', () => {
    const state = apply([
      { type: 'enqueue', ratios: ['1:1'] },
      { type: 'start', ratio: '1:1' },
      progressAction('1:1', { kind: 'started', status: 'starting' }),
    ]);
    expect(state.queue[0]?.status).toBe('processing');
  });

  it('lists results in the queue order whatever order they finish in', () => {
    const state = apply([
      { type: 'enqueue', ratios: ['1:1', '16:9', '9:16'] },
      { type: 'complete', result: result('9:16') },
      { type: 'complete', result: result('1:1') },
      { type: 'complete', result: result('16:9') },
    ]);
    expect(state.results.map((image) => image.ratio)).toEqual(['1:1', '16:9', '9:16']);
  });

  it('puts a regenerated ratio back to processing and replaces its result in place', () => {
    const before = apply([
      { type: 'enqueue', ratios: ['1:1', '16:9'] },
      { type: 'complete', result: result('1:1') },
      { type: 'complete', result: result('16:9') },
      { type: 'regenerate', ratio: '1:1' },
    ]);
    expect(before.queue[0]).toMatchObject({
      status: 'processing',
      statusText: 'Starting regeneration...',
    });
    expect(isRatioBusy(before.queue, '1:1')).toBe(true);
    expect(isRatioBusy(before.queue, '16:9')).toBe(false);
    const after = runReducer(before, {
      type: 'complete',
      result: result('1:1', 'http://x/new.png'),
    });
    expect(after.results.map((image) => image.url)).toEqual([
      'http://x/new.png',
      'http://x/16:9.png',
    ]);
  });

  it('keeps every version of a ratio and shows the one picked', () => {
    const state = apply([
      { type: 'enqueue', ratios: ['1:1', '16:9'] },
      { type: 'complete', result: result('1:1', 'http://x/v1.png') },
      { type: 'complete', result: result('16:9') },
      { type: 'regenerate', ratio: '1:1' },
      { type: 'complete', result: result('1:1', 'http://x/v2.png') },
      { type: 'regenerate', ratio: '1:1' },
      { type: 'complete', result: result('1:1', 'http://x/v3.png') },
    ]);
    expect(state.versions['1:1']?.map((image) => image.url)).toEqual([
      'http://x/v1.png',
      'http://x/v2.png',
      'http://x/v3.png',
    ]);
    expect(state.results[0]?.url).toBe('http://x/v3.png');
    const picked = runReducer(state, { type: 'pick', ratio: '1:1', index: 1 });
    expect(picked.results.map((image) => image.url)).toEqual([
      'http://x/v2.png',
      'http://x/16:9.png',
    ]);
    expect(runReducer(picked, { type: 'pick', ratio: '1:1', index: 9 })).toBe(picked);
  });

  it('retries a failed ratio alone: back to processing, the others untouched', () => {
    const state = apply([
      { type: 'enqueue', ratios: ['1:1', '16:9'] },
      { type: 'complete', result: result('1:1') },
      { type: 'fail', ratio: '16:9', message: 'Error processing 16:9: x' },
      { type: 'retry', ratio: '16:9' },
    ]);
    expect(state.queue.map((item) => [item.ratio, item.status, item.statusText])).toEqual([
      ['1:1', 'completed', 'Completed'],
      ['16:9', 'processing', 'Starting processing...'],
    ]);
    expect(state.error).toBeNull();
  });

  it('restores a finished run in the picker order, every version kept, the newest shown', () => {
    const state = runReducer(initialRunState, {
      type: 'restore',
      versions: {
        '16:9': [result('16:9')],
        '1:1': [result('1:1', 'http://x/a.png'), result('1:1', 'http://x/b.png')],
      },
    });
    expect(state.results.map((image) => image.url)).toEqual([
      'http://x/b.png',
      'http://x/16:9.png',
    ]);
    expect(state.queue.map((item) => item.status)).toEqual(['completed', 'completed']);
    expect(isRunActive(state.queue)).toBe(false);
  });

  it('adds a queue item when regenerating a ratio the queue no longer lists', () => {
    const state = apply([{ type: 'regenerate', ratio: '21:9' }]);
    expect(state.queue).toHaveLength(1);
    expect(state.queue[0]?.ratio).toBe('21:9');
  });

  it('clears results, error and queue on reset (a new upload)', () => {
    const state = apply([
      { type: 'enqueue', ratios: ['1:1'] },
      { type: 'complete', result: result('1:1') },
      { type: 'fail-run', message: 'Please select at least one aspect ratio' },
      { type: 'reset' },
    ]);
    expect(state).toEqual(initialRunState);
  });

  it('starting a new run clears the previous error box', () => {
    const state = apply([
      { type: 'fail-run', message: 'x' },
      { type: 'enqueue', ratios: ['1:1'] },
    ]);
    expect(state.error).toBeNull();
  });
});

describe('progressAction', () => {
  it('shows the AI job status and switches to the waiting helper after 10 polls', () => {
    expect(progressAction('1:1', { kind: 'polled', status: 'processing', poll: 3 })).toEqual({
      type: 'progress',
      ratio: '1:1',
      statusText: 'AI job status: processing',
      helper: 'creating',
      queued: false,
    });
    expect(progressAction('1:1', { kind: 'polled', status: 'processing', poll: 10 })).toMatchObject(
      {
        helper: 'waiting',
      },
    );
  });
});
