/** The app's time source: real time in production, movable in tests and test mode. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that can be moved forward; the test-mode provider and the tests use it. */
export class AdjustableClock implements Clock {
  private offsetMs = 0;
  constructor(private readonly base: Clock = systemClock) {}
  now(): Date {
    return new Date(this.base.now().getTime() + this.offsetMs);
  }
  advance(ms: number): Date {
    this.offsetMs += ms;
    return this.now();
  }
}

/**
 * `months` calendar months after `from`, on `anchorDay` (by default `from`'s own day) clamped to
 * the month's last day, at `from`'s time of day.
 */
function addMonths(from: Date, months: number, anchorDay = from.getUTCDate()): Date {
  const year = from.getUTCFullYear();
  const month = from.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const next = new Date(from.getTime());
  next.setUTCFullYear(year, month, Math.min(anchorDay, lastDay));
  return next;
}

/** The same day next month, clamped to the month's last day (Jan 31 → Feb 28/29). */
export function addOneMonth(date: Date): Date {
  return addMonths(date, 1);
}

export interface Period {
  periodStart: Date;
  periodEnd: Date;
}

/**
 * The day of the month a monthly period is anchored on. A month shorter than the anchor day
 * clamps it, and no two adjacent months are both shorter than 31 days, so the larger of the two
 * days is the anchor: Jan 31 → Feb 28 and Feb 28 → Mar 31 both give 31.
 */
function anchorDayOf(period: Period): number {
  return Math.max(period.periodStart.getUTCDate(), period.periodEnd.getUTCDate());
}

/** The monthly period after `current`, on the same anchor day (Jan 31 → Feb 28 → Mar 31). */
export function nextPeriod(current: Period): Period {
  const periodEnd = addMonths(current.periodEnd, 1, anchorDayOf(current));
  return { periodStart: current.periodEnd, periodEnd };
}

/**
 * The first period after `current` that contains `now`: a server that was down for months lands
 * in the current period at once.
 */
export function periodContaining(current: Period, now: Date): Period {
  let period = nextPeriod(current);
  while (period.periodEnd <= now) period = nextPeriod(period);
  return period;
}

/** The first monthly period of an account opened at `start`, moved forward to contain `now`. */
export function firstPeriodContaining(start: Date, now: Date): Period {
  const first = { periodStart: start, periodEnd: addOneMonth(start) };
  return first.periodEnd <= now ? periodContaining(first, now) : first;
}
