import { describe, expect, it } from 'vitest';
import { waitFor } from './poll';

const quickly = { timeoutMs: 30_000, intervalMs: 1 };

describe('waitFor', () => {
  it('asks again while the probe answers undefined or false, and resolves with its answer', async () => {
    const answers = [undefined, false, 'ready', 'later'];
    let asked = 0;
    const answer = await waitFor(() => answers[asked++], { ...quickly, what: 'the answer' });
    expect(answer).toBe('ready');
    expect(asked).toBe(3);
  });

  it('resolves with the first answer that `until` accepts', async () => {
    let polls = 0;
    const prediction = await waitFor(
      () => Promise.resolve({ polls: ++polls, status: polls < 3 ? 'processing' : 'succeeded' }),
      { ...quickly, what: 'the prediction to settle', until: (p) => p.status === 'succeeded' },
    );
    expect(prediction).toEqual({ polls: 3, status: 'succeeded' });
  });

  it('throws on time-out, naming what it waited for and the last answer', async () => {
    const wait = waitFor(() => ({ status: 'processing' }), {
      what: 'prediction p1 to settle',
      timeoutMs: 20,
      intervalMs: 5,
      until: (p) => p.status === 'succeeded',
    });
    await expect(wait).rejects.toThrow(
      "timed out after 20 ms waiting for prediction p1 to settle; last answer: { status: 'processing' }",
    );
  });

  it('stops at the first error the probe throws', async () => {
    let asked = 0;
    const wait = waitFor(
      () => {
        asked += 1;
        throw new Error('the server answered 500');
      },
      { ...quickly, what: 'the server' },
    );
    await expect(wait).rejects.toThrow('the server answered 500');
    expect(asked).toBe(1);
  });
});
