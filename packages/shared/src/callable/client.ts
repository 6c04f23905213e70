import { errorMessages } from '../messages/errors';
import { CallableError, codeForHttpStatus } from './errors';
import {
  callableSchemas,
  callablesBasePath,
  type CallableName,
  type CallableRequest,
  type CallableResponse,
} from './schemas';

/** The brief's callable time-out (section 9). */
export const callableTimeoutMs = 70_000;

/** The slice of `fetch` the client uses, so tests and both runtimes can pass their own. */
export type CallableFetch = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string; signal: unknown },
) => Promise<{ status: number; ok: boolean; json(): Promise<unknown> }>;

interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}
interface AbortControllerLike {
  readonly signal: unknown;
  abort(): void;
}

export interface CallableClientOptions {
  /** Origin of the API ('' for same-origin in the browser). */
  baseUrl?: string;
  fetch?: CallableFetch;
  /** Bearer token for the session; without it the session cookie is used. */
  getAuthToken?: () => string | null | undefined | Promise<string | null | undefined>;
  timeoutMs?: number;
}

// shared is built without DOM or Node types, so the runtime globals are described here.
const runtime = globalThis as unknown as Timers & {
  fetch: CallableFetch;
  AbortController: new () => AbortControllerLike;
};

export function createCallableClient(options: CallableClientOptions = {}) {
  const baseUrl = options.baseUrl ?? '';
  const timeoutMs = options.timeoutMs ?? callableTimeoutMs;

  return async function call<N extends CallableName>(
    name: N,
    ...args: undefined extends CallableRequest<N>
      ? [data?: CallableRequest<N>]
      : [data: CallableRequest<N>]
  ): Promise<CallableResponse<N>> {
    const fetchImpl = options.fetch ?? runtime.fetch.bind(globalThis);
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    const token = await options.getAuthToken?.();
    if (token) headers.Authorization = `Bearer ${token}`;

    const controller = new runtime.AbortController();
    let timedOut = false;
    const timer = runtime.setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);

    try {
      const response = await fetchImpl(`${baseUrl}${callablesBasePath}/${name}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ data: args[0] ?? null }),
        signal: controller.signal,
      }).catch((cause: unknown) => {
        if (timedOut) throw new CallableError('deadline-exceeded', 'deadline-exceeded');
        throw new CallableError('internal', cause instanceof Error ? cause.message : 'internal');
      });
      const body = await readJson(response);
      if (!response.ok) throw errorFromResponse(response.status, body);
      return parseData(name, body);
    } finally {
      runtime.clearTimeout(timer);
    }
  };
}

export type CallableClient = ReturnType<typeof createCallableClient>;

async function readJson(response: { json(): Promise<unknown> }): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    // A body that is not JSON counts as no body: the status decides what happened.
    return null;
  }
}

function errorFromResponse(status: number, body: unknown): CallableError {
  const code = codeForHttpStatus(status);
  const error = isRecord(body) && isRecord(body.error) ? body.error : null;
  const message = error && typeof error.message === 'string' ? error.message : code;
  return new CallableError(code, message, status);
}

function parseData<N extends CallableName>(name: N, body: unknown): CallableResponse<N> {
  // `data` first, `result` when `data` is absent; `null` is a valid answer (trackUsage).
  const value = !isRecord(body) ? undefined : body.data !== undefined ? body.data : body.result;
  if (value === undefined) throw new CallableError('internal', errorMessages.MISSING_DATA_FIELD);
  const parsed = callableSchemas[name].response.safeParse(value);
  if (!parsed.success) throw new CallableError('internal', errorMessages.INTERNAL);
  return parsed.data as CallableResponse<N>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
