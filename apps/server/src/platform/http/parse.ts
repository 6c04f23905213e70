import { errorMessages, type ErrorCode } from '@reframe/shared';
import type * as z from 'zod';
import { AppError } from './app-error';

/** Parses untrusted input with a shared schema; a failure is a 400 with the schema's catalogue code. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const code = result.error.issues[0]?.message;
  if (code !== undefined && isErrorCode(code)) throw new AppError(code, 400);
  throw new AppError('INVALID_REQUEST', 400);
}

function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(errorMessages, value);
}
