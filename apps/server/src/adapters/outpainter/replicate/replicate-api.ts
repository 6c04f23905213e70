import { setTimeout as sleep } from 'node:timers/promises';
import * as z from 'zod';
import { ProviderError } from '../outpainter';

/**
 * Replicate's HTTP API (https://replicate.com/docs/reference/http), the calls we make: create
 * (by version, or an official model by name), get and cancel a prediction, and upload and delete
 * an input file (the files API, for inputs over a megabyte). 429 and 5xx answers and network errors are retried with
 * exponential backoff, honouring `Retry-After`; when they persist the provider counts as
 * unavailable, and after `circuit.failures` such calls in a row every call fails at once for
 * `circuit.openMs` (so a down provider does not hold every job for its whole time-out).
 */

export const remoteStatuses = [
  'starting',
  'processing',
  'succeeded',
  'failed',
  'canceled',
] as const;
export type RemoteStatus = (typeof remoteStatuses)[number];

export const remotePredictionSchema = z.looseObject({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/),
  status: z.enum(remoteStatuses),
  output: z.unknown().optional(),
  error: z.unknown().optional(),
  /** The run time Replicate reports once it has settled (what time-billed models cost). */
  metrics: z
    .looseObject({ predict_time: z.number().nonnegative().optional() })
    .optional()
    .catch(undefined),
});
export type RemotePrediction = z.infer<typeof remotePredictionSchema>;

/** The first output URL: models return one URL, or a list of them for several images. */
export function firstOutputUrl(output: unknown): string | null {
  const first: unknown = Array.isArray(output) ? output[0] : output;
  return typeof first === 'string' ? first.slice(0, 2048) : null;
}

/** An uploaded input: its id (to delete it) and the URL a prediction's input carries. */
const remoteFileSchema = z.looseObject({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/),
  urls: z.looseObject({ get: z.url({ protocol: /^https?$/ }) }),
});
export type RemoteFile = z.infer<typeof remoteFileSchema>;

export interface CreatePredictionRequest {
  /** Absent when an official model runs by name. */
  version?: string;
  input: Record<string, unknown>;
  webhook?: string;
  webhook_events_filter?: string[];
}

export interface ReplicateApiOptions {
  baseUrl: string;
  token: string;
  /** Tries per call (the first included), and the first backoff, doubled each time. */
  attempts?: number;
  backoffMs?: number;
  /** Longest wait between tries, whatever `Retry-After` asks. */
  maxDelayMs?: number;
  /** Each HTTP exchange's own limit. */
  requestTimeoutMs?: number;
  circuit?: { failures: number; openMs: number };
}

export function createReplicateApi(options: ReplicateApiOptions) {
  const attempts = options.attempts ?? 4;
  const backoffMs = options.backoffMs ?? 500;
  const maxDelayMs = options.maxDelayMs ?? 30_000;
  const requestTimeoutMs = options.requestTimeoutMs ?? 15_000;
  const circuit = options.circuit ?? { failures: 5, openMs: 30_000 };
  let failuresInARow = 0;
  let openUntil = 0;

  type Body = { json: unknown } | { form: FormData } | undefined;

  async function call<T>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body: Body,
    parse: (answer: unknown) => T | undefined,
    signal: AbortSignal,
  ): Promise<T> {
    if (Date.now() < openUntil) {
      throw new ProviderError('unavailable', 'Replicate failed repeatedly; the circuit is open.');
    }
    let last = '';
    for (let attempt = 1; attempt <= attempts; attempt++) {
      let delayMs = backoffMs * 2 ** (attempt - 1);
      try {
        const response = await fetch(`${options.baseUrl}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${options.token}`,
            ...(body && 'json' in body ? { 'content-type': 'application/json' } : {}),
          },
          ...(body ? { body: 'json' in body ? JSON.stringify(body.json) : body.form } : {}),
          redirect: 'error',
          signal: AbortSignal.any([signal, AbortSignal.timeout(requestTimeoutMs)]),
        });
        if (response.ok) {
          const text = await response.text();
          const parsed = parse(text ? (JSON.parse(text) as unknown) : undefined);
          if (parsed === undefined) {
            throw new ProviderError(
              'failed',
              `Replicate sent an unexpected ${method} ${path} answer.`,
            );
          }
          failuresInARow = 0;
          return parsed;
        }
        const detail = await describeError(response);
        if (response.status !== 429 && response.status < 500) {
          throw new ProviderError('failed', `Replicate refused ${method} ${path}: ${detail}`);
        }
        last = detail;
        delayMs = retryAfterMs(response.headers.get('retry-after')) ?? delayMs;
      } catch (error) {
        if (error instanceof ProviderError || signal.aborted) throw error;
        last = error instanceof Error ? error.message : String(error);
      }
      if (attempt < attempts) await sleep(Math.min(delayMs, maxDelayMs), undefined, { signal });
    }
    failuresInARow += 1;
    if (failuresInARow >= circuit.failures) openUntil = Date.now() + circuit.openMs;
    throw new ProviderError(
      'unavailable',
      `Replicate ${method} ${path} failed ${attempts} times: ${last}`,
    );
  }

  const prediction = (answer: unknown) => remotePredictionSchema.safeParse(answer).data;
  const file = (answer: unknown) => remoteFileSchema.safeParse(answer).data;

  return {
    /** `model` ("owner/name") runs an official model by name; else the request's version. */
    create: (request: CreatePredictionRequest, model: string | null, signal: AbortSignal) =>
      call(
        'POST',
        model ? modelPath(model) : '/predictions',
        { json: request },
        prediction,
        signal,
      ),
    get: (id: string, signal: AbortSignal) =>
      call('GET', `/predictions/${encodeURIComponent(id)}`, undefined, prediction, signal),
    cancel: (id: string, signal: AbortSignal) =>
      call('POST', `/predictions/${encodeURIComponent(id)}/cancel`, undefined, prediction, signal),
    /** POST /v1/files, multipart: the bytes under `content`, with a file name and type. */
    uploadFile(bytes: Uint8Array, name: string, type: string, signal: AbortSignal) {
      const form = new FormData();
      form.set('content', new Blob([bytes], { type }), name);
      form.set('type', type);
      return call('POST', '/files', { form }, file, signal);
    },
    deleteFile: (id: string, signal: AbortSignal) =>
      call('DELETE', `/files/${encodeURIComponent(id)}`, undefined, () => true, signal),
  };
}

export type ReplicateApi = ReturnType<typeof createReplicateApi>;

function modelPath(model: string): string {
  const [owner = '', name = ''] = model.split('/');
  return `/models/${encodeURIComponent(owner)}/${encodeURIComponent(name)}/predictions`;
}

/** `Retry-After` in seconds or as an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The status and Replicate's problem title or detail; never the request (it holds the token). */
async function describeError(response: Response): Promise<string> {
  const text = (await response.text().catch(() => '')).slice(0, 500);
  try {
    const body = JSON.parse(text) as { detail?: unknown; title?: unknown };
    const detail = typeof body.detail === 'string' ? body.detail : body.title;
    if (typeof detail === 'string') return `${response.status} ${detail}`;
  } catch {
    // not JSON: the status alone
  }
  return String(response.status);
}
