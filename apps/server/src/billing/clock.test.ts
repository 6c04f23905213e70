import { describe, expect, it } from 'vitest';
import { AdjustableClock, addOneMonth } from './clock';

describe('addOneMonth', () => {
  it('keeps the day of the month, clamped to the last day of a shorter month', () => {
    expect(addOneMonth(new Date('2026-01-15T10:00:00Z')).toISOString()).toBe(
      '2026-02-15T10:00:00.000Z',
    );
    expect(addOneMonth(new Date('2026-01-31T10:00:00Z')).toISOString()).toBe(
      '2026-02-28T10:00:00.000Z',
    );
    expect(addOneMonth(new Date('2028-01-31T00:00:00Z')).toISOString()).toBe(
      '2028-02-29T00:00:00.000Z',
    );
    expect(addOneMonth(new Date('2026-12-20T00:00:00Z')).toISOString()).toBe(
      '2027-01-20T00:00:00.000Z',
    );
  });
});

describe('AdjustableClock', () => {
  it('moves forward from its base by the advanced amount', () => {
    const base = { now: () => new Date('2026-01-01T00:00:00Z') };
    const clock = new AdjustableClock(base);
    clock.advance(60_000);
    expect(clock.now().toISOString()).toBe('2026-01-01T00:01:00.000Z');
  });
});
