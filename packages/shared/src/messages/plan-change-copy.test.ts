import { describe, expect, it } from 'vitest';
import { planChangeCopy } from './plan-change-copy';

describe('planChangeCopy.balanceNote', () => {
  it('carries the unused credits over on an upgrade from a paid plan (issue 41)', () => {
    expect(planChangeCopy.balanceNote(63, 'growth', 'expert')).toBe(
      'Your 63 credits left carry over: Expert adds 175, so your balance becomes 238 credits.',
    );
  });

  it('tops free credits up to the plan on a first purchase', () => {
    expect(planChangeCopy.balanceNote(4, 'free', 'growth')).toBe(
      'Your balance becomes 75 credits; free credits do not carry over.',
    );
    expect(planChangeCopy.balanceNote(80, 'free', 'starter')).toBe(
      'Your balance stays at 80 credits.',
    );
  });
});
