import { API_HEADERS, errorMessages, type ApiErrorCode, type V1Error } from '@reframe/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../platform/http/app-error';

/** An AppError that also says when to retry (429, 503): sent as Retry-After, in seconds. */
export class RetryLaterError extends AppError {
  constructor(
    code: ConstructorParameters<typeof AppError>[0],
    status: number,
    readonly retryAfterSeconds: number,
  ) {
    super(code, status);
  }
}

/**
 * A 400 invalid_request about one field of the request (issue 41): the answer names it in
 * `field`, and its message (from `apiFieldErrors`, or the catalogue's `code`) starts with it.
 */
export class FieldError extends AppError {
  constructor(
    readonly field: string,
    message: string,
    code: ConstructorParameters<typeof AppError>[0] = 'INVALID_REQUEST',
  ) {
    super(code, 400, { message });
  }
}

/** The app's refusals of an image, which /v1 answers as 415 rather than 400. */
const UNSUPPORTED_TYPE = new Set(['INVALID_FILE_TYPE']);

/** The app's refusals of an image for its pixel size, which /v1 answers as 413 (issue 41). */
const TOO_LARGE = new Set(['UPLOAD_TOO_MANY_PIXELS', 'UPLOAD_TOO_COSTLY']);

/** The /v1 code and status of one of the app's errors: same message, the API's one shape. */
function v1CodeOf(error: AppError): { code: ApiErrorCode; status: number } {
  if (UNSUPPORTED_TYPE.has(error.code)) return { code: 'unsupported_image', status: 415 };
  if (TOO_LARGE.has(error.code)) return { code: 'image_too_large', status: 413 };
  switch (error.status) {
    case 400:
      return error.code.startsWith('UPLOAD_') && error.code !== 'UPLOAD_NO_FILE'
        ? { code: 'unsupported_image', status: 400 }
        : { code: 'invalid_request', status: 400 };
    case 401:
      return error.code === 'API_KEY_SUSPENDED'
        ? { code: 'key_suspended', status: 401 }
        : { code: 'unauthorized', status: 401 };
    case 402:
      return { code: 'insufficient_credits', status: 402 };
    case 404:
      return { code: 'not_found', status: 404 };
    case 413:
      return { code: 'image_too_large', status: 413 };
    case 422:
      return { code: 'idempotency_conflict', status: 422 };
    case 429:
    case 503:
      return error.code === 'API_TEST_KEY_DAILY_LIMIT'
        ? { code: 'test_key_daily_limit', status: 429 }
        : { code: 'rate_limited', status: error.status };
    default:
      return error.status < 500
        ? { code: 'invalid_request', status: error.status }
        : { code: 'internal', status: error.status };
  }
}

/** Seconds a client waits after a 429 without a window of its own: the per-minute limit's. */
const DEFAULT_RETRY_AFTER_SECONDS = 60;

/**
 * Every /v1 error answers `{error: {code, message}}` (issue 30), with the app's catalogue
 * message; 429 and 503 carry Retry-After. Registered inside the /v1 plugin only.
 */
export function registerV1ErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    let body: V1Error;
    if (error instanceof AppError) {
      const { code, status } = v1CodeOf(error);
      if (status === 429 || status === 503) {
        const seconds =
          error instanceof RetryLaterError ? error.retryAfterSeconds : DEFAULT_RETRY_AFTER_SECONDS;
        reply.header(API_HEADERS.retryAfter, String(seconds));
      }
      body = {
        error: {
          code,
          message: error.message,
          ...(error instanceof FieldError ? { field: error.field } : {}),
        },
      };
      return reply.status(status).send(body);
    }
    if (error.validation || (error.statusCode && error.statusCode < 500)) {
      body = { error: { code: 'invalid_request', message: errorMessages.INVALID_REQUEST } };
      return reply
        .status(error.statusCode && error.statusCode >= 400 ? error.statusCode : 400)
        .send(body);
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    body = { error: { code: 'internal', message: errorMessages.INTERNAL } };
    return reply.status(500).send(body);
  });
}
