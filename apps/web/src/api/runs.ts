import {
  formatMessage,
  runResponseSchema,
  type CreateRunBody,
  type RunResponse,
} from '@reframe/shared';
import { describeError } from './api-error';

/** A run the server refused before anything started: nothing was charged. */
class RunRefusedError extends Error {
  override readonly name = 'RunRefusedError';
}

/** POST /api/runs: every photo times every output, paid for up front or refused whole. */
export async function startRun(body: CreateRunBody): Promise<RunResponse> {
  let response: Response;
  let payload: unknown;
  try {
    response = await fetch('/api/runs', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    payload = await response.json();
  } catch (error) {
    throw new RunRefusedError(formatMessage.apiError(describeError(error)), { cause: error });
  }
  if (!response.ok) {
    const { message } = (payload ?? {}) as { message?: unknown };
    throw new RunRefusedError(
      typeof message === 'string' ? message : formatMessage.serverRespondedWith(response.status),
    );
  }
  return runResponseSchema.parse(payload);
}
