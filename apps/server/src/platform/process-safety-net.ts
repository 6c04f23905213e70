import type { FastifyBaseLogger } from 'fastify';

/**
 * Error codes a file or object stream raises when its object vanished or its connection dropped
 * (a run deleted while it is read, a client gone). Such an error escaping to the process means a
 * stream without a handler; it concerns one request, so it is logged and the server keeps going.
 */
const STREAM_ERROR_CODES = new Set([
  'ENOENT',
  'EISDIR',
  'EBADF',
  'ECONNRESET',
  'EPIPE',
  'ERR_STREAM_PREMATURE_CLOSE',
]);

function isStreamError(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' && STREAM_ERROR_CODES.has(code);
}

/**
 * The process-level safety net main.ts installs: a stray stream error is logged and serving goes
 * on; anything else uncaught is logged and the process exits (its state can no longer be trusted).
 */
export function installSafetyNet(
  target: Pick<NodeJS.Process, 'on' | 'exit'>,
  log: FastifyBaseLogger,
): void {
  target.on('uncaughtException', (error) => {
    if (isStreamError(error)) {
      log.error({ err: error }, 'unexpected stream error; still serving');
      return;
    }
    log.fatal({ err: error }, 'uncaught exception; exiting');
    target.exit(1);
  });
}
