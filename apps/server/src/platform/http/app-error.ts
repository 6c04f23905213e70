import { errorMessages, type ErrorCode } from '@reframe/shared';

/** An expected failure with a catalogue code and an HTTP status; the error handler renders it. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    options?: { cause?: unknown; message?: string },
  ) {
    super(options?.message ?? errorMessages[code], { cause: options?.cause });
    this.name = 'AppError';
  }
}
