import { describe, expect, it } from 'vitest';
import {
  AdjustableClock,
  addOneMonth,
  firstPeriodContaining,
  nextPeriod,
  periodContaining,
  type Period,
} from './clock';

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

function endsOf(first: Period, count: number): string[] {
  const ends = [first.periodEnd.toISOString()];
  let period = first;
  for (let i = 1; i < count; i += 1) {
    period = nextPeriod(period);
    ends.push(period.periodEnd.toISOString());
  }
  return ends;
}

describe('nextPeriod', () => {
  it('keeps a month-end subscription on its start day after a short month', () => {
    const start = new Date('2026-01-31T09:30:00Z');
    expect(endsOf({ periodStart: start, periodEnd: addOneMonth(start) }, 4)).toEqual([
      '2026-02-28T09:30:00.000Z',
      '2026-03-31T09:30:00.000Z',
      '2026-04-30T09:30:00.000Z',
      '2026-05-31T09:30:00.000Z',
    ]);
  });

  it('lands on February 29 in a leap year and back on the start day after it', () => {
    const start = new Date('2027-12-30T00:00:00Z');
    expect(endsOf({ periodStart: start, periodEnd: addOneMonth(start) }, 4)).toEqual([
      '2028-01-30T00:00:00.000Z',
      '2028-02-29T00:00:00.000Z',
      '2028-03-30T00:00:00.000Z',
      '2028-04-30T00:00:00.000Z',
    ]);
  });

  it('keeps a subscription started on February 29 on the 29th, and on the 28th in common years', () => {
    const start = new Date('2028-02-29T12:00:00Z');
    const ends = endsOf({ periodStart: start, periodEnd: addOneMonth(start) }, 13);
    expect(ends.slice(0, 1)).toEqual(['2028-03-29T12:00:00.000Z']);
    expect(ends.slice(11)).toEqual(['2029-02-28T12:00:00.000Z', '2029-03-29T12:00:00.000Z']);
  });
});

describe('periodContaining', () => {
  it('jumps over the months a server was down, still on the start day', () => {
    const current = {
      periodStart: new Date('2026-01-31T00:00:00Z'),
      periodEnd: new Date('2026-02-28T00:00:00Z'),
    };
    const period = periodContaining(current, new Date('2026-05-15T00:00:00Z'));
    expect(period.periodStart.toISOString()).toBe('2026-04-30T00:00:00.000Z');
    expect(period.periodEnd.toISOString()).toBe('2026-05-31T00:00:00.000Z');
  });

  it('opens the first period of an account from its start, moved forward to now', () => {
    const period = firstPeriodContaining(
      new Date('2025-08-31T00:00:00Z'),
      new Date('2026-03-01T00:00:00Z'),
    );
    expect(period.periodStart.toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(period.periodEnd.toISOString()).toBe('2026-03-31T00:00:00.000Z');
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
