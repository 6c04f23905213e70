import { WEBHOOK_HOST_TIMEOUTS_BEFORE_BACKOFF } from '@reframe/shared';
import type { Kysely } from 'kysely';
import { toIsoString } from '../../platform/db/column-types';
import type { DB } from '../../platform/db/types';
import { TIMED_OUT, type SafePostResult } from './safe-fetch';
import {
  claimHostProbe,
  clearWebhookHost,
  countHostTimeout,
  findWebhookHost,
  setHostBackoff,
} from './webhook-hosts.repo';

/** The first backoff; each further time-out doubles it, up to the longest. */
const FIRST_HOST_BACKOFF_MS = 60_000;
const LONGEST_HOST_BACKOFF_MS = 60 * 60_000;

/** The host a delivery's URL is backed off as. */
export function hostOf(url: string): string {
  return new URL(url).hostname.toLowerCase();
}

/**
 * Per host, on top of each delivery's own retries (issue 39): a receiver that times out
 * WEBHOOK_HOST_TIMEOUTS_BEFORE_BACKOFF times in a row gets no attempt of any delivery for a minute, then
 * for twice as long after each further time-out, up to an hour; the attempts due meanwhile wait
 * (no slot held, no attempt counted). Once the backoff ends one attempt probes the host while the
 * others keep waiting. Any answer, whatever its status, ends the backoff; a refused address or a
 * failed DNS lookup counts neither way.
 */
function hostBackoffMs(timeouts: number): number {
  if (timeouts < WEBHOOK_HOST_TIMEOUTS_BEFORE_BACKOFF) return 0;
  const doublings = timeouts - WEBHOOK_HOST_TIMEOUTS_BEFORE_BACKOFF;
  return Math.min(FIRST_HOST_BACKOFF_MS * 2 ** doublings, LONGEST_HOST_BACKOFF_MS);
}

/**
 * Null when an attempt may go to `host` now (it may be the probe, holding the host for
 * `probeMs`, one attempt's time-out); otherwise when the host may be tried again.
 */
export async function hostBackedOffUntil(
  db: Kysely<DB>,
  host: string,
  now: Date,
  probeMs: number,
): Promise<Date | null> {
  const state = await findWebhookHost(db, host);
  if (!state?.backoff_until) return null;
  const until = new Date(toIsoString(state.backoff_until));
  if (until > now) return until;
  const probeUntil = new Date(now.getTime() + probeMs);
  return (await claimHostProbe(db, host, now, probeUntil)) ? null : probeUntil;
}

/** Counts an attempt's outcome against its host. */
export async function recordHostOutcome(
  db: Kysely<DB>,
  host: string,
  result: SafePostResult,
  now: Date,
): Promise<void> {
  if (result.status !== null) return clearWebhookHost(db, host);
  if (result.error !== TIMED_OUT) return;
  const wait = hostBackoffMs(await countHostTimeout(db, host));
  if (wait > 0) await setHostBackoff(db, host, new Date(now.getTime() + wait));
}
