/** The callable protocol's error codes and the HTTP status table of the brief (section 8). */
export const callableErrorCodes = [
  'invalid-argument',
  'unauthenticated',
  'permission-denied',
  'not-found',
  'aborted',
  'resource-exhausted',
  'cancelled',
  'internal',
  'unimplemented',
  'unavailable',
  'deadline-exceeded',
  'unknown',
] as const;
export type CallableErrorCode = (typeof callableErrorCodes)[number];

const statusToCode: Readonly<Record<number, CallableErrorCode>> = {
  400: 'invalid-argument',
  401: 'unauthenticated',
  403: 'permission-denied',
  404: 'not-found',
  409: 'aborted',
  429: 'resource-exhausted',
  499: 'cancelled',
  500: 'internal',
  501: 'unimplemented',
  503: 'unavailable',
  504: 'deadline-exceeded',
};

export function codeForHttpStatus(status: number): CallableErrorCode {
  return statusToCode[status] ?? 'unknown';
}

/** The status name a failed callable answers with: 429 → `RESOURCE_EXHAUSTED`. */
export function callableStatusName(httpStatus: number): Uppercase<string> {
  return codeForHttpStatus(httpStatus).replace(/-/g, '_').toUpperCase() as Uppercase<string>;
}

/** The inverse: the HTTP status the brief's table gives a code (500 for `unknown`). */
export function httpStatusForCode(code: CallableErrorCode): number {
  const entry = Object.entries(statusToCode).find(([, value]) => value === code);
  return entry ? Number(entry[0]) : 500;
}

export class CallableError extends Error {
  override readonly name = 'CallableError';
  constructor(
    readonly code: CallableErrorCode,
    message: string,
    readonly httpStatus?: number,
  ) {
    super(message);
  }
}

export function isCallableError(error: unknown): error is CallableError {
  return error instanceof CallableError;
}
