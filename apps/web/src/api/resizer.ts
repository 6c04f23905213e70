import {
  errorMessages,
  formatMessage,
  predictionSchema,
  uploadResponseSchema,
  type CreatePredictionBody,
  type Prediction,
  type PredictionInput,
  type UploadResponse,
  type UsageStats,
} from '@reframe/shared';
import { describeError, toApiError } from './api-error';
import { callFunction } from './callable';

/**
 * The resizer's usage source, the same cache entry as the Billing screen's; invalidated after
 * every prediction so the credit count stays true.
 */
export const usageStatsQueryKey = ['billing', 'usage'] as const;

export function fetchUsageStats(): Promise<UsageStats> {
  return callFunction('getUsageStats');
}

interface ServerErrorBody {
  code?: unknown;
  message?: unknown;
  error?: unknown;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    // A failed call whose body is not JSON (a proxy's HTML page) is told by its status alone.
    if (!response.ok) return null;
    throw error;
  }
}

/** The server's own words for a failed call: `error` (proxy style) or `message` (AppError). */
function serverReason(body: unknown, status: number): string {
  const { error, message } = (body ?? {}) as ServerErrorBody;
  if (typeof error === 'string' && error) return error;
  if (typeof message === 'string' && message) return message;
  return formatMessage.serverRespondedWith(status);
}

/** POST /api/uploads: the image is stored once, when chosen; later calls name its id. */
export async function uploadImage(file: File): Promise<UploadResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch('/api/uploads', {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
    });
  } catch (error) {
    throw new Error(formatMessage.uploadFailed(describeError(error)), { cause: error });
  }
  const body = await readBody(response).catch(() => null);
  if (!response.ok) {
    const { code } = (body ?? {}) as ServerErrorBody;
    if (typeof code !== 'string') {
      throw new Error(
        formatMessage.uploadFailed(formatMessage.serverRespondedWith(response.status)),
      );
    }
    const apiError = toApiError(body as ServerErrorBody, response.status);
    throw new Error(
      apiError.code === 'INTERNAL' ? errorMessages.UPLOAD_FILE_FAILED : apiError.message,
    );
  }
  return uploadResponseSchema.parse(body);
}

function predictionBody(input: PredictionInput): CreatePredictionBody {
  return { endpoint: 'predictions', data: { input } };
}

function parsePrediction(body: unknown): Prediction {
  if (typeof body !== 'object' || body === null || !('id' in body) || !body.id) {
    throw new Error(errorMessages.MISSING_PREDICTION_ID);
  }
  const parsed = predictionSchema.safeParse(body);
  if (!parsed.success) throw new Error(formatMessage.parseResponseFailed(parsed.error.message));
  return parsed.data;
}

async function postJson(path: string, body: unknown): Promise<Response> {
  return fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** POST /api/replicate: one credit is spent when the server accepts the job. */
export async function startPrediction(input: PredictionInput): Promise<Prediction> {
  let response: Response;
  try {
    response = await postJson('/api/replicate', predictionBody(input));
  } catch (error) {
    throw new Error(formatMessage.apiError(describeError(error)), { cause: error });
  }
  let body: unknown;
  try {
    body = await readBody(response);
  } catch (error) {
    throw new Error(formatMessage.parseResponseFailed(describeError(error)), { cause: error });
  }
  if (!response.ok) throw new Error(formatMessage.apiError(serverReason(body, response.status)));
  return parsePrediction(body);
}

/** GET /api/replicate?endpoint=predictions/{id}: one poll. */
export async function getPrediction(id: string): Promise<Prediction> {
  const endpoint = encodeURIComponent(`predictions/${id}`);
  let response: Response;
  let body: unknown;
  try {
    response = await fetch(`/api/replicate?endpoint=${endpoint}`, { credentials: 'same-origin' });
    body = await readBody(response);
  } catch (error) {
    throw new Error(formatMessage.statusCheckError(describeError(error)), { cause: error });
  }
  if (!response.ok) {
    throw new Error(formatMessage.statusCheckError(serverReason(body, response.status)));
  }
  return parsePrediction(body);
}

/** POST /api/debug: the brief's diagnostic before each real call; its failures are ignored. */
export async function debugPrediction(input: PredictionInput): Promise<void> {
  try {
    await postJson('/api/debug', predictionBody(input));
  } catch {
    // Diagnostic only: the real call right after reports any problem that matters.
  }
}
