import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { EngineInputError, type EngineInputErrorCode } from '../errors';
import type { CompactResult } from '../codecs/renditions';
import { sniffHeader } from '../codecs/sniff';
import type { CheckedUpload, PreparedUpload } from '../codecs/upload';
import type { OutpaintResult, StoredResult } from '../pipelines/canvas';
import type {
  ModelCanvas,
  ModelCanvasRequest,
  PasteOriginalRequest,
} from '../pipelines/model-canvas';
import type { StoredOutpaintRequest } from '../pipelines/outpaint';
import { estimateJobMemoryMb } from './job-memory';
import type { JobMessage, ReplyMessage, SerializedError, Task, TaskResult } from './protocol';

export interface EnginePoolOptions {
  /** Worker threads; defaults to the number of cores. */
  size?: number;
  /** An idle worker exits after this long; the next job starts a new one. */
  idleTimeoutMs?: number;
  /** Jobs estimated above this are refused (JOB_TOO_LARGE); it also caps each worker's JS heap. */
  maxJobMemoryMb?: number;
}

export interface EnginePool {
  /**
   * The built-in engine's job, encoded on the worker straight into what is stored (lossless WebP
   * and thumbnails, the watermark drawn first when asked; see `outpaintStored`).
   */
  outpaint(
    request: StoredOutpaintRequest,
    options?: { signal?: AbortSignal },
  ): Promise<StoredResult>;
  /**
   * Decodes once and re-encodes an upload for storage (see codecs/upload.ts). `checked` is
   * `checkUpload(bytes)` as the caller ran it before handing the bytes over: the worker does
   * not run it again.
   */
  prepareUpload(
    bytes: Uint8Array,
    options?: { checked?: CheckedUpload; signal?: AbortSignal },
  ): Promise<PreparedUpload>;
  /** The padded canvas and mask a hosted model is sent (see pipelines/model-canvas.ts). */
  padForModel(
    request: ModelCanvasRequest,
    options?: { signal?: AbortSignal },
  ): Promise<ModelCanvas>;
  /** A hosted model's output scaled to the canvas, with the original pasted back bit for bit. */
  pasteOriginal(
    request: PasteOriginalRequest,
    options?: { signal?: AbortSignal },
  ): Promise<OutpaintResult>;
  /** A result stored compact: lossless WebP and its thumbnails (see codecs/renditions.ts). */
  compactResult(bytes: Uint8Array, options?: { signal?: AbortSignal }): Promise<CompactResult>;
  /** A stored image as PNG, pixels unchanged, for a download. */
  convertToPng(bytes: Uint8Array, options?: { signal?: AbortSignal }): Promise<Uint8Array>;
  /** A stored image as JPEG (the API's `format=jpeg`, issue 30). */
  convertToJpeg(bytes: Uint8Array, options?: { signal?: AbortSignal }): Promise<Uint8Array>;
  close(): Promise<void>;
}

interface Job {
  id: number;
  task: Task;
  signal: AbortSignal | undefined;
  resolve: (result: TaskResult) => void;
  reject: (error: unknown) => void;
  onAbort: () => void;
}

interface Slot {
  worker: Worker;
  job: Job | undefined;
  idleTimer: NodeJS.Timeout | undefined;
}

// The worker's script is `bootstrap.mjs` beside this module: in the sources, a shim that loads the
// TypeScript entry through tsx; in a compiled bundle (scripts/bundles.mjs), the compiled entry.
const WORKER_URL = new URL('./bootstrap.mjs', import.meta.url);

export function createEnginePool(options: EnginePoolOptions = {}): EnginePool {
  const size = Math.max(1, options.size ?? availableParallelism());
  const idleTimeoutMs = options.idleTimeoutMs ?? 30_000;
  const maxJobMemoryMb = options.maxJobMemoryMb ?? 1536;
  const slots = new Set<Slot>();
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;

  const settle = (job: Job): void => {
    job.signal?.removeEventListener('abort', job.onAbort);
  };

  const retire = (slot: Slot): void => {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slots.delete(slot);
    slot.worker.removeAllListeners();
    void slot.worker.terminate();
  };

  const spawn = (): Slot => {
    const worker = new Worker(WORKER_URL, {
      resourceLimits: { maxOldGenerationSizeMb: maxJobMemoryMb },
    });
    const slot: Slot = { worker, job: undefined, idleTimer: undefined };
    worker.on('message', (reply: ReplyMessage) => {
      const job = slot.job;
      if (!job || job.id !== reply.id) return;
      slot.job = undefined;
      settle(job);
      if (reply.ok) job.resolve(reply.result);
      else job.reject(deserializeError(reply.error));
      pump();
    });
    const fail = (error: Error): void => {
      const job = slot.job;
      slot.job = undefined;
      retire(slot);
      if (job) {
        settle(job);
        job.reject(
          new Error(`The engine worker stopped unexpectedly: ${error.message}`, { cause: error }),
        );
      }
      pump();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`exit code ${code}`)));
    slots.add(slot);
    return slot;
  };

  const pump = (): void => {
    while (queue.length > 0 && !closed) {
      let slot = [...slots].find((s) => !s.job);
      if (!slot && slots.size < size) slot = spawn();
      if (!slot) return;
      const job = queue.shift()!;
      if (slot.idleTimer) clearTimeout(slot.idleTimer);
      slot.idleTimer = undefined;
      slot.job = job;
      const message: JobMessage = { id: job.id, task: job.task };
      slot.worker.postMessage(message);
    }
    for (const slot of slots) {
      if (!slot.job && !slot.idleTimer) {
        slot.idleTimer = setTimeout(() => retire(slot), idleTimeoutMs);
        slot.idleTimer.unref();
      }
    }
  };

  const submit = (task: Task, signal: AbortSignal | undefined) =>
    new Promise<TaskResult>((resolve, reject) => {
      if (closed) return reject(new Error('The engine pool is closed.'));
      if (signal?.aborted) return reject(abortError(signal));
      const job: Job = {
        id: nextId++,
        task,
        signal,
        resolve,
        reject,
        onAbort: () => abort(job),
      };
      signal?.addEventListener('abort', job.onAbort, { once: true });
      queue.push(job);
      pump();
    });

  const outpaint: EnginePool['outpaint'] = async (request, { signal } = {}) => {
    // Read once here, to size the job; the worker decodes with it rather than reading it again.
    const header = sniffHeader(request.input);
    const estimate = estimateJobMemoryMb(request, header);
    if (estimate > maxJobMemoryMb) {
      throw new EngineInputError(
        'JOB_TOO_LARGE',
        `The job needs about ${estimate} MB; the limit is ${maxJobMemoryMb} MB.`,
      );
    }
    return (await submit({ kind: 'outpaint', request, header }, signal)) as StoredResult;
  };

  const prepareUpload: EnginePool['prepareUpload'] = async (bytes, { checked, signal } = {}) =>
    (await submit({ kind: 'prepareUpload', bytes, checked }, signal)) as PreparedUpload;

  const padForModel: EnginePool['padForModel'] = async (request, { signal } = {}) =>
    (await submit({ kind: 'padForModel', request }, signal)) as ModelCanvas;

  const pasteOriginal: EnginePool['pasteOriginal'] = async (request, { signal } = {}) =>
    (await submit({ kind: 'pasteOriginal', request }, signal)) as OutpaintResult;

  const compactResult: EnginePool['compactResult'] = async (bytes, { signal } = {}) =>
    (await submit({ kind: 'compactResult', bytes }, signal)) as CompactResult;

  const convertToPng: EnginePool['convertToPng'] = async (bytes, { signal } = {}) =>
    (await submit({ kind: 'convertToPng', bytes }, signal)) as Uint8Array;

  const convertToJpeg: EnginePool['convertToJpeg'] = async (bytes, { signal } = {}) =>
    (await submit({ kind: 'convertToJpeg', bytes }, signal)) as Uint8Array;

  const abort = (job: Job): void => {
    settle(job);
    const queued = queue.indexOf(job);
    if (queued >= 0) queue.splice(queued, 1);
    const slot = [...slots].find((s) => s.job === job);
    if (slot) {
      slot.job = undefined;
      retire(slot); // terminating is the only way to stop a synchronous fill mid-way
    }
    job.reject(abortError(job.signal));
    pump();
  };

  const close = async (): Promise<void> => {
    closed = true;
    for (const job of queue.splice(0)) {
      settle(job);
      job.reject(new Error('The engine pool is closed.'));
    }
    const stopping = [...slots].map((slot) => {
      const job = slot.job;
      slot.job = undefined;
      if (job) {
        settle(job);
        job.reject(new Error('The engine pool is closed.'));
      }
      if (slot.idleTimer) clearTimeout(slot.idleTimer);
      slot.worker.removeAllListeners();
      slots.delete(slot);
      return slot.worker.terminate();
    });
    await Promise.all(stopping);
  };

  return {
    outpaint,
    prepareUpload,
    padForModel,
    pasteOriginal,
    compactResult,
    convertToPng,
    convertToJpeg,
    close,
  };
}

function abortError(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  return reason instanceof Error
    ? reason
    : new DOMException('The job was cancelled.', 'AbortError');
}

function deserializeError(error: SerializedError): Error {
  if (error.name === 'EngineInputError' && error.code) {
    return new EngineInputError(error.code as EngineInputErrorCode, error.message);
  }
  const result = new Error(error.message);
  result.name = error.name;
  return result;
}
