import { aspectRatioLabels, copy, errorMessages } from '@reframe/shared';
import type { ExpandedImage, PredictionProgress } from './run-prediction';

export type QueueStatus = 'pending' | 'processing' | 'retrying' | 'completed' | 'error';
export type HelperKey = keyof typeof copy.resizer.helper;

export interface QueueItem {
  ratio: string;
  status: QueueStatus;
  statusText: string;
  /** Which of the brief's helper sentences goes under a running item. */
  helper: HelperKey;
}

export interface RunState {
  queue: QueueItem[];
  /**
   * The version shown (and downloaded) for each ratio, in the queue's order whatever order
   * they finished in: the newest, unless the user picked another.
   */
  results: ExpandedImage[];
  /** Every result made for each ratio in this run, oldest first: regenerations add to it. */
  versions: Readonly<Record<string, readonly ExpandedImage[]>>;
  /** The message of the error box under the Process button. */
  error: string | null;
}

export type RunAction =
  | { type: 'reset' }
  | { type: 'fail-run'; message: string }
  | { type: 'enqueue'; ratios: string[] }
  | { type: 'regenerate'; ratio: string }
  | { type: 'retry'; ratio: string }
  | { type: 'pick'; ratio: string; index: number }
  | { type: 'restore'; versions: Record<string, ExpandedImage[]> }
  | { type: 'start'; ratio: string }
  | {
      type: 'progress';
      ratio: string;
      statusText: string;
      helper: HelperKey;
      /** The server has the job queued, not yet running. */
      queued: boolean;
    }
  | { type: 'retrying'; ratio: string }
  | { type: 'complete'; result: ExpandedImage }
  | { type: 'fail'; ratio: string; message: string };

export const initialRunState: RunState = { queue: [], results: [], versions: {}, error: null };

const t = copy.resizer.statusText;

function pending(ratio: string): QueueItem {
  return { ratio, status: 'pending', statusText: '', helper: 'otherwise' };
}

function updateItem(state: RunState, ratio: string, patch: Partial<QueueItem>): RunState {
  return {
    ...state,
    queue: state.queue.map((item) => (item.ratio === ratio ? { ...item, ...patch } : item)),
  };
}

function upsertResult(
  queue: QueueItem[],
  results: ExpandedImage[],
  result: ExpandedImage,
): ExpandedImage[] {
  const place = (ratio: string) => queue.findIndex((item) => item.ratio === ratio);
  return [...results.filter((existing) => existing.ratio !== result.ratio), result].sort(
    (a, b) => place(a.ratio) - place(b.ratio),
  );
}

/** A queued job keeps a waiting item pending; an item already shown running is never demoted. */
function progressStatus(item: QueueItem | undefined, queued: boolean): QueueStatus {
  return queued && item?.status === 'pending' ? 'pending' : 'processing';
}

/** A ratio run again on its own (a regeneration or a retry): back to processing, or added. */
function restart(state: RunState, ratio: string, statusText: string): RunState {
  const item: QueueItem = { ratio, status: 'processing', statusText, helper: 'processing' };
  const exists = state.queue.some((queued) => queued.ratio === ratio);
  return {
    ...state,
    error: null,
    queue: exists
      ? state.queue.map((queued) => (queued.ratio === ratio ? item : queued))
      : [...state.queue, item],
  };
}

/**
 * The queue's state machine: pending → processing (→ retrying → processing) → completed | error.
 * An item is pending until it is started one by one or the server says its job runs. A run
 * replaces the queue; a regeneration puts its ratio back to processing, or adds it.
 */
export function runReducer(state: RunState, action: RunAction): RunState {
  switch (action.type) {
    case 'reset':
      return initialRunState;
    case 'fail-run':
      return { ...state, error: action.message };
    case 'enqueue':
      return { ...state, error: null, queue: action.ratios.map(pending) };
    case 'regenerate':
      return restart(state, action.ratio, t.startingRegeneration);
    case 'retry':
      return restart(state, action.ratio, t.starting);
    case 'pick': {
      const chosen = state.versions[action.ratio]?.[action.index];
      if (!chosen) return state;
      return { ...state, results: upsertResult(state.queue, state.results, chosen) };
    }
    case 'restore': {
      const place = (ratio: string) => aspectRatioLabels.indexOf(ratio);
      const ratios = Object.keys(action.versions).sort((a, b) => place(a) - place(b));
      const queue = ratios.map((ratio): QueueItem => ({
        ratio,
        status: 'completed',
        statusText: copy.resizer.status.completed,
        helper: 'otherwise',
      }));
      const results = ratios.flatMap((ratio) => action.versions[ratio]?.slice(-1) ?? []);
      return { queue, results, versions: action.versions, error: null };
    }
    case 'start':
      return updateItem(state, action.ratio, {
        status: 'processing',
        statusText: t.starting,
        helper: 'processing',
      });
    case 'progress': {
      const item = state.queue.find((queued) => queued.ratio === action.ratio);
      return updateItem(state, action.ratio, {
        status: progressStatus(item, action.queued),
        statusText: action.statusText,
        helper: action.helper,
      });
    }
    case 'retrying':
      return updateItem(state, action.ratio, {
        status: 'retrying',
        statusText: errorMessages.AUTO_RETRYING,
      });
    case 'complete':
      return {
        ...updateItem(state, action.result.ratio, {
          status: 'completed',
          statusText: copy.resizer.status.completed,
        }),
        results: upsertResult(state.queue, state.results, action.result),
        versions: {
          ...state.versions,
          [action.result.ratio]: [...(state.versions[action.result.ratio] ?? []), action.result],
        },
      };
    case 'fail':
      return {
        ...updateItem(state, action.ratio, { status: 'error', statusText: action.message }),
        error: action.message,
      };
  }
}

/** Done, with a result or an error: nothing more will happen to it. */
export const isSettled = (status: QueueStatus) => status === 'completed' || status === 'error';

/** True while any ratio is waiting or running: the Process button stays disabled. */
export function isRunActive(queue: QueueItem[]): boolean {
  return queue.some((item) => !isSettled(item.status));
}

/** The brief's "Processing {ratio}": the first ratio running; the queue shows the rest. */
export function firstRunningRatio(queue: QueueItem[]): string | null {
  return (
    queue.find((item) => item.status === 'processing' || item.status === 'retrying')?.ratio ?? null
  );
}

/** Regenerate is off while that ratio is pending or running. */
export function isRatioBusy(queue: QueueItem[], ratio: string): boolean {
  const item = queue.find((queued) => queued.ratio === ratio);
  return item !== undefined && item.status !== 'completed' && item.status !== 'error';
}

/** After this many polls the helper tells the user it may take a while. */
const WAITING_AFTER_POLLS = 10;

/** Turns a runner event into the queue update the user sees. */
export function progressAction(ratio: string, progress: PredictionProgress): RunAction {
  switch (progress.kind) {
    case 'retrying':
      return { type: 'retrying', ratio };
    case 'started':
      return {
        type: 'progress',
        ratio,
        statusText: t.processingImage,
        helper: 'processing',
        queued: progress.status === 'starting',
      };
    case 'polled':
      return {
        type: 'progress',
        ratio,
        statusText: t.jobStatus(progress.status),
        helper: progress.poll >= WAITING_AFTER_POLLS ? 'waiting' : 'creating',
        queued: progress.status === 'starting',
      };
  }
}
