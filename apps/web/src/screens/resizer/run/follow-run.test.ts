import { describe, expect, it } from 'vitest';
import { errorMessages, type Prediction } from '@reframe/shared';
import { testPrediction } from '../../../api/test-prediction';
import { MAX_POLLS } from './retry-rule';
import { followRun, type OutputUpdate } from './follow-run';

const prediction = (id: string, overrides: Partial<Prediction> = {}) =>
  testPrediction({
    id,
    aspect_ratio: '1:1',
    alignment: 'auto',
    width: 1080,
    height: 1080,
    ...overrides,
  });

const succeeded = (id: string) =>
  prediction(id, {
    status: 'succeeded',
    output: `http://app.test/api/files/${id}.webp`,
    offset_x: 0,
    offset_y: 140,
  });

/**
 * A fake server and clock: each id answers its planned polls in turn (the last one again and
 * again), the clock moves only when the run sleeps, and every poll is logged with what was in
 * flight then.
 */
function harness(plans: Record<string, Prediction[]>, { cancelAfterPolls = Infinity } = {}) {
  const polls: string[] = [];
  const sleeps: number[] = [];
  const updates: [string, OutputUpdate][] = [];
  let clock = 0;
  let inFlight = 0;
  let maxSeen = 0;
  const answered = new Map<string, number>();
  const deps = {
    api: {
      get: async (id: string) => {
        polls.push(id);
        inFlight += 1;
        maxSeen = Math.max(maxSeen, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 0));
        inFlight -= 1;
        const plan = plans[id] ?? [];
        const index = answered.get(id) ?? 0;
        answered.set(id, index + 1);
        const answer = plan[Math.min(index, plan.length - 1)];
        if (!answer) throw new Error(`no plan for ${id}`);
        return answer;
      },
    },
    now: () => clock,
    sleep: (ms: number) => {
      sleeps.push(ms);
      clock += ms;
      return Promise.resolve();
    },
    onUpdate: (id: string, update: OutputUpdate) => updates.push([id, update]),
    cancelled: () => polls.length >= cancelAfterPolls,
  };
  return { deps, polls, sleeps, updates, maxInFlight: () => maxSeen };
}

describe('followRun, a bulk run followed by the single run core', () => {
  it('polls each output a second apart and reports its status, then its result', async () => {
    const { deps, polls, sleeps, updates } = harness({
      a: [prediction('a', { status: 'processing' }), succeeded('a')],
    });
    await followRun([prediction('a')], 1, deps);
    expect(polls).toEqual(['a', 'a']);
    expect(sleeps).toEqual([1000]);
    expect(updates).toEqual([
      ['a', { status: 'processing' }],
      [
        'a',
        {
          status: 'completed',
          result: expect.objectContaining({
            url: 'http://app.test/api/files/a.webp',
            offsetX: 0,
            offsetY: 140,
          }) as unknown,
        },
      ],
    ]);
  });

  it('shows a failed output with the reason, and the others still finish', async () => {
    const { deps, updates } = harness({
      a: [prediction('a', { status: 'failed', error: 'the fill ran out of memory' })],
      b: [succeeded('b')],
    });
    await followRun([prediction('a'), prediction('b')], 1, deps);
    expect(updates.map(([id, update]) => [id, update.status, update.error])).toEqual([
      ['a', 'error', 'Image expansion failed: the fill ran out of memory'],
      ['b', 'completed', undefined],
    ]);
  });

  it(`gives up on an output after ${MAX_POLLS} polls with the timeout message`, async () => {
    const { deps, polls, updates } = harness({ a: [prediction('a', { status: 'processing' })] });
    await followRun([prediction('a')], 1, deps);
    expect(polls).toHaveLength(MAX_POLLS);
    expect(updates.at(-1)).toEqual([
      'a',
      { status: 'error', error: errorMessages.PROCESSING_TIMEOUT },
    ]);
  });

  it('reports a poll that fails as that output’s error', async () => {
    const { deps, updates } = harness({});
    await followRun([prediction('a')], 1, deps);
    expect(updates).toEqual([['a', { status: 'error', error: 'no plan for a' }]]);
  });

  it('follows no more outputs at once than allowed, in the order they run', async () => {
    const ids = ['a', 'b', 'c', 'd', 'e'];
    const { deps, polls, maxInFlight } = harness(
      Object.fromEntries(
        ids.map((id) => [id, [prediction(id, { status: 'processing' }), succeeded(id)]]),
      ),
    );
    await followRun(
      ids.map((id) => prediction(id)),
      2,
      deps,
    );
    expect(maxInFlight()).toBe(2);
    expect(polls.filter((id, index) => polls.indexOf(id) === index)).toEqual(ids);
  });

  it('stops polling and reports nothing more once cancelled', async () => {
    const { deps, polls, updates } = harness(
      { a: [prediction('a', { status: 'processing' })], b: [succeeded('b')] },
      { cancelAfterPolls: 3 },
    );
    await followRun([prediction('a'), prediction('b')], 1, deps);
    expect(polls).toEqual(['a', 'a', 'a']);
    expect(updates).toEqual([
      ['a', { status: 'processing' }],
      ['a', { status: 'processing' }],
    ]);
  });
});
