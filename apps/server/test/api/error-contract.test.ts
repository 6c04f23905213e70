import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { createEnginePool, type EnginePool } from '@reframe/engine';
import {
  API_HEADERS,
  TEST_KEY_CALLS_PER_DAY,
  apiErrorCatalogue,
  apiErrorCodes,
  apiFieldErrors,
  errorMessages,
  formatMessage,
  type ApiErrorCode,
  type Expansion,
  type V1Error,
} from '@reframe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from '../../src/adapters/storage/disk-storage';
import type { Storage } from '../../src/adapters/storage/storage';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { expertOwner, invite, inviteTokenFor, setCredits } from '../helpers/team';
import { photo, pngBomb } from '../resizer/images';
import { createKey, pollExpansion } from './api-client';

/** What a client sees of one error: the status it came with (none on an output) and the body. */
interface Seen {
  status: number | 'on an output';
  error: V1Error['error'];
  retryAfter: string | null;
}

/** One way to make the server answer a code, at one of its statuses, and the message it gives. */
interface Provocation {
  status: number | 'on an output';
  message: string;
  provoke: () => Promise<Seen>;
}

/**
 * The storage the app writes to, with the faults a test switches on: writes that wait for the
 * test, writes that fail, or a full disk.
 */
function faultyStorage(dir: string) {
  const disk = createDiskStorage(dir);
  const state = {
    fault: 'none' as 'none' | 'hold' | 'broken' | 'full',
    held: [] as (() => void)[],
  };
  let entered = () => {};
  const storage: Storage = {
    ...disk,
    async create(key, bytes) {
      if (state.fault === 'broken') throw new Error('the disk controller stopped answering');
      if (state.fault === 'hold') {
        await new Promise<void>((resolve) => {
          state.held.push(resolve);
          entered();
        });
      }
      return disk.create(key, bytes);
    },
    freeBytes: () => (state.fault === 'full' ? Promise.resolve(0) : disk.freeBytes()),
  };
  return {
    storage,
    state,
    /** Resolves once a write is waiting (fault 'hold'). */
    writeHeld: () =>
      new Promise<void>((resolve) => {
        entered = resolve;
      }),
  };
}

/** An engine whose outpainting fails while `failing` is set, as a broken worker's would. */
function breakableEngine() {
  const pool = createEnginePool({ size: 1 });
  const switches = { failing: false };
  const engine: EnginePool = {
    ...pool,
    outpaint: (request, options) =>
      switches.failing
        ? Promise.reject(new Error('the worker ran out of memory'))
        : pool.outpaint(request, options),
  };
  return { engine, switches };
}

/**
 * The /v1 error contract (issue 41), driven by the catalogue in packages/shared: every code the
 * docs and the OpenAPI document list, at every status they give it, is provoked here over real
 * HTTP, and its status, code and message checked. A code or status the catalogue gains without a
 * way to provoke it here fails, and so does one the server answers otherwise.
 */
describe('every documented /v1 error code, over HTTP (issue 41)', () => {
  let t: TestApp;
  let base: string;
  let dir: string;
  let faults: ReturnType<typeof faultyStorage>;
  let engine: ReturnType<typeof breakableEngine>;
  let jpeg: Uint8Array;
  let live: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'reframe-contract-'));
    faults = faultyStorage(dir);
    engine = breakableEngine();
    t = await createTestApp({
      // One upload at a time, so a second one while the first is held is the server's 503.
      env: { MAX_CONCURRENT_UPLOADS: '1', UPLOADS_PER_HOUR: '1000' },
      resizer: { storage: faults.storage, engine: engine.engine },
    });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    jpeg = await photo('coffee.png', 64);
    const owner = await expertOwner(t);
    live = (await createKey(owner.client)).secret;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const image = () => new Blob([jpeg], { type: 'image/jpeg' });

  /** A form as curl -F sends it: fields, then the file. */
  function form(fields: [string, string][], file: Blob | null = image(), filename = 'c.jpg') {
    const body = new FormData();
    for (const [name, value] of fields) body.append(name, value);
    if (file) body.append('image', file, filename);
    return body;
  }

  async function call(
    method: 'GET' | 'POST',
    path: string,
    options: { secret?: string; body?: FormData; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    return fetch(`${base}${path}`, {
      method,
      headers: {
        ...(options.secret ? { authorization: `Bearer ${options.secret}` } : {}),
        ...options.headers,
      },
      ...(options.body ? { body: options.body } : {}),
    });
  }

  async function seen(response: Response): Promise<Seen> {
    const body = (await response.json()) as V1Error;
    return {
      status: response.status,
      error: body.error,
      retryAfter: response.headers.get(API_HEADERS.retryAfter),
    };
  }

  const post = async (
    secret: string,
    fields: [string, string][],
    file?: Blob | null,
    headers?: Record<string, string>,
  ) => seen(await call('POST', '/v1/expansions', { secret, body: form(fields, file), headers }));

  const oneSquare: [string, string][] = [['ratio', '1:1']];

  async function keyOfNewExpert(name: string): Promise<{ secret: string; userId: string }> {
    const owner = await expertOwner(t, name);
    return { secret: (await createKey(owner.client)).secret, userId: owner.userId };
  }

  const provocations: Record<ApiErrorCode, Provocation[]> = {
    unauthorized: [
      {
        status: 401,
        message: errorMessages.API_UNAUTHORIZED,
        provoke: async () => seen(await call('GET', '/v1/account')),
      },
    ],
    key_suspended: [
      {
        status: 401,
        message: errorMessages.API_KEY_SUSPENDED,
        provoke: async () => {
          // A member's own key never spends the team's pool: joining a team suspends it.
          const owner = await expertOwner(t, 'Tess Team');
          const member = await expertOwner(t, 'Mo Member');
          const { secret } = await createKey(member.client);
          expect((await invite(owner.client, member.email)).statusCode).toBe(201);
          const token = inviteTokenFor(t, member.email);
          expect((await member.client.post('/api/team/join', { token })).statusCode).toBe(200);
          return seen(await call('GET', '/v1/account', { secret }));
        },
      },
    ],
    not_found: [
      {
        status: 404,
        message: errorMessages.NOT_FOUND,
        provoke: async () =>
          seen(await call('GET', `/v1/expansions/${randomUUID()}`, { secret: live })),
      },
    ],
    invalid_request: [
      {
        status: 400,
        message: apiFieldErrors.repeated('pack'),
        provoke: () =>
          post(live, [
            ['pack', 'meta'],
            ['pack', 'google'],
          ]),
      },
    ],
    unsupported_image: [
      {
        status: 415,
        message: errorMessages.INVALID_FILE_TYPE,
        provoke: async () =>
          seen(
            await call('POST', '/v1/expansions', {
              secret: live,
              body: form(oneSquare, new Blob(['hello'], { type: 'text/plain' }), 'notes.txt'),
            }),
          ),
      },
      {
        status: 400,
        message: errorMessages.UPLOAD_TRUNCATED,
        provoke: () =>
          post(live, oneSquare, new Blob([jpeg.slice(0, jpeg.length / 2)], { type: 'image/jpeg' })),
      },
    ],
    image_too_large: [
      {
        status: 413,
        message: errorMessages.UPLOAD_TOO_MANY_PIXELS,
        provoke: async () =>
          seen(
            await call('POST', '/v1/expansions', {
              secret: live,
              body: form(oneSquare, new Blob([await pngBomb()], { type: 'image/png' }), 'b.png'),
            }),
          ),
      },
    ],
    insufficient_credits: [
      {
        status: 402,
        message: formatMessage.runCredits(1, 0),
        provoke: async () => {
          const broke = await keyOfNewExpert('Bea Broke');
          await setCredits(t, broke.userId, 0);
          return post(broke.secret, oneSquare);
        },
      },
    ],
    rate_limited: [
      {
        status: 429,
        message: errorMessages.API_RATE_LIMITED,
        provoke: async () => {
          const busy = await keyOfNewExpert('Rex Rate');
          // The account's keys have made this minute's expansions.
          await t.database.db
            .insertInto('rate_limit')
            .values({
              key: `api-expansions:${busy.userId}`,
              count: 60,
              window_started_at: Date.now(),
            })
            .execute();
          return post(busy.secret, oneSquare);
        },
      },
      {
        status: 503,
        message: errorMessages.UPLOADS_BUSY,
        provoke: async () => {
          const other = await keyOfNewExpert('Olly Other');
          faults.state.fault = 'hold';
          const held = faults.writeHeld();
          const first = post(live, oneSquare);
          await held;
          const refused = await post(other.secret, oneSquare);
          faults.state.fault = 'none';
          for (const release of faults.state.held.splice(0)) release();
          expect((await first).status).toBe(202);
          return refused;
        },
      },
    ],
    test_key_daily_limit: [
      {
        status: 429,
        message: errorMessages.API_TEST_KEY_DAILY_LIMIT,
        provoke: async () => {
          const owner = await expertOwner(t, 'Tim Test');
          const { secret } = await createKey(owner.client, 'test', 'Sandbox');
          await t.database.db
            .insertInto('rate_limit')
            .values({
              key: `api-test-calls:${owner.userId}:${new Date().toISOString().slice(0, 10)}`,
              count: TEST_KEY_CALLS_PER_DAY,
              window_started_at: Date.now(),
            })
            .execute();
          return post(secret, oneSquare);
        },
      },
    ],
    idempotency_conflict: [
      {
        status: 422,
        message: errorMessages.API_IDEMPOTENCY_CONFLICT,
        provoke: async () => {
          const once = { [API_HEADERS.idempotencyKey]: `order-${randomUUID()}` };
          expect((await post(live, oneSquare, image(), once)).status).toBe(202);
          return post(live, [['ratio', '16:9']], image(), once);
        },
      },
    ],
    output_failed: [
      {
        status: 'on an output',
        message: errorMessages.JOB_FAILED,
        provoke: async () => {
          engine.switches.failing = true;
          const posted = await call('POST', '/v1/expansions', {
            secret: live,
            body: form(oneSquare),
          });
          expect(posted.status).toBe(202);
          const { id } = (await posted.json()) as Expansion;
          const settled = await pollExpansion(t, live, id);
          engine.switches.failing = false;
          const error = settled.outputs[0]?.error;
          if (!error) throw new Error(`the output did not fail: ${JSON.stringify(settled)}`);
          return { status: 'on an output', error, retryAfter: null };
        },
      },
    ],
    internal: [
      {
        status: 500,
        message: errorMessages.INTERNAL,
        provoke: async () => {
          faults.state.fault = 'broken';
          const refused = await post(live, oneSquare);
          faults.state.fault = 'none';
          return refused;
        },
      },
      {
        status: 507,
        message: errorMessages.DISK_FULL,
        provoke: async () => {
          faults.state.fault = 'full';
          const refused = await post(live, oneSquare);
          faults.state.fault = 'none';
          return refused;
        },
      },
    ],
  };

  it.each(apiErrorCodes)('answers %s as documented', async (code) => {
    const documented: readonly (number | 'on an output')[] = apiErrorCatalogue[code].statuses;
    const ways = provocations[code] ?? [];
    expect(
      ways.map((way) => way.status).sort(),
      `every status the catalogue gives ${code} has a way to provoke it`,
    ).toEqual((documented.length > 0 ? [...documented] : ['on an output']).sort());
    for (const way of ways) {
      const answer = await way.provoke();
      expect(answer.status, `${code} at ${way.status}`).toBe(way.status);
      expect(answer.error, `${code} at ${way.status}`).toMatchObject({
        code,
        message: way.message,
      });
      if (way.status === 429 || way.status === 503) {
        expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
      }
    }
  });
});
