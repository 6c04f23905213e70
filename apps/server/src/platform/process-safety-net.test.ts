import { EventEmitter } from 'node:events';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { installSafetyNet } from './process-safety-net';

function fakeProcess() {
  const emitter = new EventEmitter();
  const exits: number[] = [];
  const target = {
    on: (event: string, listener: (error: Error) => void) => emitter.on(event, listener),
    exit: (code?: number) => {
      exits.push(code ?? 0);
    },
  } as unknown as Pick<NodeJS.Process, 'on' | 'exit'>;
  return { emitter, exits, target };
}

function logLines() {
  const lines: { level: number; msg: string }[] = [];
  const log = pino(
    { level: 'info' },
    { write: (line: string) => lines.push(JSON.parse(line) as { level: number; msg: string }) },
  );
  return { lines, log };
}

describe('the process safety net', () => {
  it('logs a stray stream error (a file deleted while read) and keeps the process up', () => {
    const { emitter, exits, target } = fakeProcess();
    const { lines, log } = logLines();
    installSafetyNet(target, log);

    const vanished = Object.assign(new Error("ENOENT: no such file or directory, open 'x'"), {
      code: 'ENOENT',
      syscall: 'open',
    });
    emitter.emit('uncaughtException', vanished);

    expect(exits).toEqual([]);
    expect(lines).toEqual([
      expect.objectContaining({ level: 50, msg: 'unexpected stream error; still serving' }),
    ]);
  });

  it('exits with 1 on any other uncaught error', () => {
    const { emitter, exits, target } = fakeProcess();
    const { lines, log } = logLines();
    installSafetyNet(target, log);

    emitter.emit('uncaughtException', new TypeError('undefined is not a function'));

    expect(exits).toEqual([1]);
    expect(lines).toEqual([
      expect.objectContaining({ level: 60, msg: 'uncaught exception; exiting' }),
    ]);
  });
});
