/** Why an input was refused; callers map these to their own user-facing messages. */
export type EngineInputErrorCode =
  | 'UNSUPPORTED_FORMAT'
  | 'TOO_MANY_PIXELS'
  | 'TOO_COSTLY'
  | 'TRUNCATED'
  | 'ANIMATED'
  | 'INVALID_CANVAS'
  | 'JOB_TOO_LARGE'
  | 'HEIC_UNREADABLE';

/** Bad input (not a bug): the bytes or the canvas cannot be processed as asked. */
export class EngineInputError extends Error {
  override readonly name = 'EngineInputError';
  constructor(
    readonly code: EngineInputErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isEngineInputError(error: unknown): error is EngineInputError {
  return error instanceof EngineInputError;
}
