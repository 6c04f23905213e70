import { errorMessages, formatMessage, type ErrorCode } from '@reframe/shared';

/** An error answered by the server as `{ code, message }`, kept with its HTTP status. */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;

  constructor(code: string, message: string, status: number) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
  }
}

function isKnownCode(code: string): code is ErrorCode {
  return Object.hasOwn(errorMessages, code);
}

/**
 * The text to show for a failure: the catalogue's message for codes we know, otherwise the
 * provider's own message (the brief: settings screens show the provider's message), otherwise a
 * generic one.
 */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) {
    if (isKnownCode(error.code)) return errorMessages[error.code];
    if (error.message) return error.message;
  } else if (error instanceof Error && error.message) {
    return error.message;
  }
  return errorMessages.INTERNAL;
}

interface ErrorBody {
  code?: unknown;
  message?: unknown;
}

/**
 * Builds an ApiError from whatever shape a failed response carried. A body that is not ours
 * (a proxy's HTML page, nothing) gives the brief's "Server responded with status N".
 */
export function toApiError(body: ErrorBody | null | undefined, status: number): ApiError {
  if (typeof body?.code !== 'string' && typeof body?.message !== 'string') {
    return new ApiError('HTTP_STATUS', formatMessage.serverRespondedWith(status), status);
  }
  const code = typeof body.code === 'string' && body.code ? body.code : 'INTERNAL';
  const message =
    typeof body?.message === 'string' && body.message ? body.message : errorMessages.INTERNAL;
  return new ApiError(code, message, status);
}
