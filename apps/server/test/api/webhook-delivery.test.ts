import { EventEmitter, once } from 'node:events';
import {
  expansionSchema,
  WEBHOOK_HOST_TIMEOUTS_BEFORE_BACKOFF,
  WEBHOOK_PENDING_PER_ACCOUNT,
  type Expansion,
  type WebhookSecretResponse,
} from '@reframe/shared';
import pino from 'pino';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessQueue } from '../../src/adapters/queue/in-process-queue';
import type { JobQueue } from '../../src/adapters/queue/job-queue';
import {
  createWebhookDeliveryHandler,
  resumeOpenDeliveries,
  scheduleExpansionWebhook,
  type DeliveryDeps,
} from '../../src/api/webhooks/webhook-delivery';
import { webhookSecretFor } from '../../src/api/webhooks/webhook-secret';
import { AdjustableClock, systemClock } from '../../src/platform/clock/clock';
import { toIsoString } from '../../src/platform/db/column-types';
import { verifyWebhook } from '../../src/platform/http/standard-webhooks';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { expertOwner, person, type Person } from '../helpers/team';
import { startReceiver, startSilentReceiver } from '../helpers/webhook-receiver';

/** A logger whose lines the test can wait for, as a deployment would ship them. */
function watchedLogger() {
  const lines: string[] = [];
  const events = new EventEmitter();
  const logger = pino(
    { level: 'info' },
    {
      write: (line: string) => {
        lines.push(line);
        events.emit('line', JSON.parse(line));
      },
    },
  );
  const until = async (match: (entry: Record<string, unknown>) => boolean) => {
    for (;;) {
      const [entry] = (await once(events, 'line')) as [Record<string, unknown>];
      if (match(entry)) return entry;
    }
  };
  return { logger, text: () => lines.join(''), until };
}

function expansionFactory(overrides: Partial<Expansion> = {}): Expansion {
  return expansionSchema.parse({
    id: `exp_${Math.random().toString(36).slice(2)}`,
    status: 'succeeded',
    test: false,
    alignment: 'auto',
    format: 'png',
    credits_charged: 1,
    created_at: '2026-11-27T07:00:00.000Z',
    settled_at: '2026-11-27T07:00:09.000Z',
    outputs: [
      {
        ratio: '16:9',
        width: 1600,
        height: 900,
        status: 'succeeded',
        error: null,
        url: 'https://reframe.example.com/v1/files/abc',
        url_expires_at: '2026-11-27T08:00:09.000Z',
        crop: { x: 0, y: 0, width: 1200, height: 900 },
        offset: { x: 200, y: 0 },
        confidence: 0.8,
      },
    ],
    ...overrides,
  });
}

const log = watchedLogger();
const queue = createInProcessQueue({ concurrency: 2, log: pino({ level: 'silent' }) });
let t: TestApp;
let owner: Person;

beforeAll(async () => {
  t = await createTestApp({ logger: log.logger, resizer: { queue } });
  owner = await expertOwner(t);
});
afterAll(async () => {
  await t.close();
});

async function secretOf(client: Person['client']): Promise<string> {
  const response = await client.get('/api/api-keys/webhook-secret');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<WebhookSecretResponse>().webhookSecret;
}

/**
 * A delivery handler on a clock that stands still until the test moves it, whose retries wait in
 * a queue never started.
 */
function handlerOnClock(
  production = false,
  options: Pick<DeliveryDeps, 'attemptTimeoutMs' | 'resolve'> = {},
) {
  const start = new Date();
  const clock = new AdjustableClock({ now: () => start });
  const parked = createInProcessQueue({ concurrency: 1, log: pino({ level: 'silent' }) });
  const deps = { db: t.database.db, queue: parked, clock, log: pino({ level: 'silent' }) };
  const handle = createWebhookDeliveryHandler({ ...deps, production, ...options });
  const run = (deliveryId: string) => handle({ deliveryId }, new AbortController().signal);
  return { clock, deps, run, close: () => parked.close() };
}

function deliveryRow(id: string) {
  return t.database.db
    .selectFrom('api_webhook_delivery')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

function attemptsOf(id: string) {
  return t.database.db
    .selectFrom('api_webhook_attempt')
    .selectAll()
    .where('delivery_id', '=', id)
    .orderBy('attempted_at', 'asc')
    .execute();
}

const ms = (value: Date | string) => new Date(toIsoString(value)).getTime();

describe('the webhook secret', () => {
  it('is refused (403) to a Free user and to a visitor (401)', async () => {
    const free = await person(t, 'Fay Free');
    for (const response of [
      await free.client.get('/api/api-keys/webhook-secret'),
      await free.client.post('/api/api-keys/webhook-secret/rotate'),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json<{ code: string }>().code).toBe('API_NOT_IN_PLAN');
    }
    const visitor = await t.app.inject({ method: 'GET', url: '/api/api-keys/webhook-secret' });
    expect(visitor.statusCode).toBe(401);
  });

  it('is made once, on first use, and a rotation replaces it', async () => {
    const first = await secretOf(owner.client);
    expect(first).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(first.slice(6), 'base64')).toHaveLength(24);
    expect(await secretOf(owner.client)).toBe(first);
    const rotate = await owner.client.post('/api/api-keys/webhook-secret/rotate');
    expect(rotate.statusCode).toBe(200);
    const rotated = rotate.json<WebhookSecretResponse>().webhookSecret;
    expect(rotated).not.toBe(first);
    expect(await secretOf(owner.client)).toBe(rotated);
  });

  it('is the same for first uses at once', async () => {
    const other = await expertOwner(t, 'Rita Race');
    const secrets = await Promise.all(
      Array.from({ length: 8 }, () => webhookSecretFor(t.database.db, other.userId)),
    );
    expect(new Set(secrets).size).toBe(1);
    expect(await secretOf(other.client)).toBe(secrets[0]);
  });
});

describe('scheduleExpansionWebhook', () => {
  it('POSTs the expansion, signed with the account secret, through the job queue', async () => {
    const receiver = await startReceiver({ statuses: [204] });
    try {
      const secret = await secretOf(owner.client);
      const expansion = expansionFactory();
      const delivered = log.until((entry) => entry.msg === 'webhook delivered');
      const { id } = await scheduleExpansionWebhook(
        { db: t.database.db, queue, clock: systemClock },
        { accountUserId: owner.userId, webhookUrl: receiver.url, expansion },
      );
      const [received] = await receiver.until(1);
      await delivered;
      expect(received!.headers['content-type']).toBe('application/json');
      expect(received!.headers['webhook-id']).toBe(id);
      const headers = {
        'webhook-id': String(received!.headers['webhook-id']),
        'webhook-timestamp': String(received!.headers['webhook-timestamp']),
        'webhook-signature': String(received!.headers['webhook-signature']),
      };
      expect(new Webhook(secret).verify(received!.body, headers)).toEqual(expansion);
      const row = await deliveryRow(id);
      expect(row.delivered_at).not.toBeNull();
      expect(row).toMatchObject({ attempts: 1, last_status: 204, last_error: null });
      expect(await attemptsOf(id)).toHaveLength(1);
      expect(log.text()).not.toContain(secret);
      expect(log.text()).not.toContain(headers['webhook-signature'].slice(3));
    } finally {
      await receiver.close();
    }
  });

  it('is sent after a restart when a crash lost its queued attempt', async () => {
    const receiver = await startReceiver({ statuses: [204] });
    try {
      const lostQueue: JobQueue = {
        kind: 'in-process',
        start: () => Promise.resolve(),
        enqueue: () => Promise.resolve(),
        close: () => Promise.resolve(),
      };
      const { id } = await scheduleExpansionWebhook(
        { db: t.database.db, queue: lostQueue, clock: systemClock },
        { accountUserId: owner.userId, webhookUrl: receiver.url, expansion: expansionFactory() },
      );
      expect((await deliveryRow(id)).attempts).toBe(0);

      await resumeOpenDeliveries({ db: t.database.db, queue, clock: systemClock });
      const [received] = await receiver.until(1);
      expect(received!.headers['webhook-id']).toBe(id);
    } finally {
      await receiver.close();
    }
  });
});

describe('ApiWebhookDeliver', () => {
  it('retries after 500s with backoff, logs every attempt, and keeps the webhook-id', async () => {
    const receiver = await startReceiver({ statuses: [500, 500, 200] });
    const { clock, deps, run, close } = handlerOnClock();
    try {
      const { id } = await scheduleExpansionWebhook(deps, {
        accountUserId: owner.userId,
        webhookUrl: receiver.url,
        expansion: expansionFactory(),
      });
      const created = ms((await deliveryRow(id)).created_at);
      expect(await run(id)).toBe('failed');
      expect(ms((await deliveryRow(id)).next_attempt_at)).toBe(created + 30_000);
      expect(await run(id)).toBe('skipped');
      expect(receiver.received).toHaveLength(1);

      clock.advance(30_000);
      expect(await run(id)).toBe('failed');
      const second = await deliveryRow(id);
      expect(second).toMatchObject({ attempts: 2, last_status: 500, last_error: 'HTTP 500' });
      expect(ms(second.next_attempt_at)).toBe(ms(clock.now()) + 120_000);

      clock.advance(120_000);
      expect(await run(id)).toBe('succeeded');
      expect(await run(id)).toBe('skipped');
      expect((await deliveryRow(id)).delivered_at).not.toBeNull();
      expect((await attemptsOf(id)).map((attempt) => attempt.status)).toEqual([500, 500, 200]);
      expect(new Set(receiver.received.map((r) => r.headers['webhook-id']))).toEqual(new Set([id]));
      const secret = await webhookSecretFor(t.database.db, owner.userId);
      for (const received of receiver.received) {
        const headers = {
          id: String(received.headers['webhook-id']),
          timestamp: String(received.headers['webhook-timestamp']),
          signature: String(received.headers['webhook-signature']),
        };
        const checked = verifyWebhook(secret, headers, Buffer.from(received.body), clock.now());
        expect(checked.ok).toBe(true);
      }
    } finally {
      await close();
      await receiver.close();
    }
  });

  it('gives up 24 hours after the first attempt, having tried to the very end', async () => {
    const receiver = await startReceiver({ statuses: [500] });
    const { clock, deps, run, close } = handlerOnClock();
    try {
      const { id } = await scheduleExpansionWebhook(deps, {
        accountUserId: owner.userId,
        webhookUrl: receiver.url,
        expansion: expansionFactory({ status: 'failed' }),
      });
      const created = ms((await deliveryRow(id)).created_at);
      for (let row = await deliveryRow(id); row.gave_up_at === null; row = await deliveryRow(id)) {
        clock.advance(Math.max(0, ms(row.next_attempt_at) - ms(clock.now())));
        expect(await run(id)).toBe('failed');
      }
      const attempts = await attemptsOf(id);
      // 0 s, 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, then every 4 h, and one at the 24th hour.
      expect(attempts).toHaveLength(13);
      expect(ms(attempts.at(-1)!.attempted_at)).toBe(created + 24 * 60 * 60_000);
      expect(ms((await deliveryRow(id)).gave_up_at!)).toBe(created + 24 * 60 * 60_000);
      clock.advance(60 * 60_000);
      expect(await run(id)).toBe('skipped');
      expect(receiver.received).toHaveLength(13);
    } finally {
      await close();
      await receiver.close();
    }
  });

  it('refuses a loopback receiver in production, logging the attempt without sending', async () => {
    const receiver = await startReceiver({ statuses: [200] });
    const { deps, run, close } = handlerOnClock(true);
    try {
      const { id } = await scheduleExpansionWebhook(deps, {
        accountUserId: owner.userId,
        webhookUrl: `https://localhost:${receiver.port}/hooks`,
        expansion: expansionFactory(),
      });
      expect(await run(id)).toBe('failed');
      expect(receiver.received).toHaveLength(0);
      expect(await attemptsOf(id)).toEqual([
        expect.objectContaining({
          status: null,
          error: 'refused: the host resolves to a private or reserved address',
        }),
      ]);
    } finally {
      await close();
      await receiver.close();
    }
  });
});

describe('the cap on pending deliveries (issue 39)', () => {
  it('records a delivery past the account cap as skipped and never sends it; other accounts and freed places are unaffected', async () => {
    const receiver = await startReceiver({ statuses: [200] });
    const { deps, run, close } = handlerOnClock();
    try {
      const capped = await expertOwner(t, 'Carl Capped');
      const other = await expertOwner(t, 'Olga Other');
      const schedule = (accountUserId: string) =>
        scheduleExpansionWebhook(deps, {
          accountUserId,
          webhookUrl: receiver.url,
          expansion: expansionFactory(),
        });
      const first: string[] = [];
      for (let n = 0; n < WEBHOOK_PENDING_PER_ACCOUNT - 3; n++) {
        const scheduled = await schedule(capped.userId);
        expect(scheduled.skipped).toBe(false);
        first.push(scheduled.id);
      }
      // Eight settle at once with three places left: exactly three are kept.
      const racing = await Promise.all(Array.from({ length: 8 }, () => schedule(capped.userId)));
      expect(racing.filter((scheduled) => !scheduled.skipped)).toHaveLength(3);
      const skipped = racing.find((scheduled) => scheduled.skipped)!;
      expect(await deliveryRow(skipped.id)).toMatchObject({
        attempts: 0,
        delivered_at: null,
        last_error: `skipped: the account already had ${WEBHOOK_PENDING_PER_ACCOUNT} deliveries pending`,
      });
      expect((await deliveryRow(skipped.id)).gave_up_at).not.toBeNull();
      expect(await run(skipped.id)).toBe('skipped');
      expect(receiver.received).toHaveLength(0);

      expect((await schedule(other.userId)).skipped).toBe(false);
      expect(await run(first[0]!)).toBe('succeeded');
      expect((await schedule(capped.userId)).skipped).toBe(false);
      expect((await schedule(capped.userId)).skipped).toBe(true);
    } finally {
      await close();
      await receiver.close();
    }
  });
});

describe('the backoff per host (issue 39)', () => {
  /** Every name resolves to the receivers' 127.0.0.1, so each test names hosts of its own. */
  const resolve = () => Promise.resolve([{ address: '127.0.0.1', family: 4 }]);

  it('stops sending to a host that timed out repeatedly, probes it once the backoff ends, and sends again once it answers', async () => {
    const silent = await startSilentReceiver();
    const answering = await startReceiver({ statuses: [200] });
    const { clock, deps, run, close } = handlerOnClock(false, { attemptTimeoutMs: 200, resolve });
    try {
      const schedule = async (webhookUrl: string) =>
        (
          await scheduleExpansionWebhook(deps, {
            accountUserId: owner.userId,
            webhookUrl,
            expansion: expansionFactory(),
          })
        ).id;
      const toSilent = `http://silent.example:${silent.port}/hooks`;
      const deliveries: string[] = [];
      for (let n = 0; n < WEBHOOK_HOST_TIMEOUTS_BEFORE_BACKOFF + 3; n++) {
        deliveries.push(await schedule(toSilent));
      }
      const timedOut = deliveries.slice(0, WEBHOOK_HOST_TIMEOUTS_BEFORE_BACKOFF);
      const [waiting, otherWaiting, third] = deliveries.slice(WEBHOOK_HOST_TIMEOUTS_BEFORE_BACKOFF);
      for (const id of timedOut) expect(await run(id)).toBe('failed');
      expect((await attemptsOf(timedOut[0]!))[0]).toMatchObject({
        status: null,
        error: 'timed out',
      });
      expect(silent.received()).toBe(WEBHOOK_HOST_TIMEOUTS_BEFORE_BACKOFF);

      // Backed off for a minute: a due delivery to the host waits, without an attempt.
      expect(await run(waiting!)).toBe('skipped');
      expect(silent.received()).toBe(WEBHOOK_HOST_TIMEOUTS_BEFORE_BACKOFF);
      const postponed = await deliveryRow(waiting!);
      expect(postponed).toMatchObject({ attempts: 0, gave_up_at: null });
      expect(ms(postponed.next_attempt_at)).toBe(ms(clock.now()) + 60_000);
      expect(await attemptsOf(waiting!)).toEqual([]);

      // Another host is not held back.
      expect(await run(await schedule(`http://answers.example:${answering.port}/hooks`))).toBe(
        'succeeded',
      );

      // The backoff over, one attempt of two at once probes the host; the other waits for it.
      clock.advance(60_000);
      const probed = await Promise.all([run(waiting!), run(otherWaiting!)]);
      expect(probed.sort()).toEqual(['failed', 'skipped']);
      expect(silent.received()).toBe(WEBHOOK_HOST_TIMEOUTS_BEFORE_BACKOFF + 1);

      // The probe timed out: two minutes now.
      clock.advance(60_000);
      expect(await run(third!)).toBe('skipped');
      expect(ms((await deliveryRow(third!)).next_attempt_at)).toBe(ms(clock.now()) + 60_000);

      clock.advance(60_000);
      silent.answer();
      expect(await run(third!)).toBe('succeeded');
      // It answered: the next due delivery goes at once.
      expect(await run(timedOut[0]!)).toBe('succeeded');
      expect(silent.received()).toBe(WEBHOOK_HOST_TIMEOUTS_BEFORE_BACKOFF + 3);
    } finally {
      await close();
      await silent.close();
      await answering.close();
    }
  });
});
