import pino from 'pino';

export interface CapturedLog {
  logger: pino.Logger;
  /** Everything written so far, as the JSON lines a deployment would ship. */
  text(): string;
  /** The lines parsed, in order. */
  entries(): Record<string, unknown>[];
}

/** A pino logger at `info` that keeps every line it writes, for tests that read the log. */
export function captureLog(): CapturedLog {
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
  return {
    logger,
    text: () => lines.join(''),
    entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
