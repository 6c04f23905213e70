import { parentPort } from 'node:worker_threads';
import { outpaint } from '../outpaint';
import type { JobMessage, ReplyMessage } from './protocol';
import { serializeError } from './protocol';

if (!parentPort) throw new Error('worker/entry.ts must run inside a worker thread');
const port = parentPort;

port.on('message', (message: JobMessage) => {
  outpaint(message.request).then(
    (result) => {
      const reply: ReplyMessage = { id: message.id, ok: true, result };
      port.postMessage(reply, [result.png.buffer as ArrayBuffer]);
    },
    (error: unknown) => {
      const reply: ReplyMessage = { id: message.id, ok: false, error: serializeError(error) };
      port.postMessage(reply);
    },
  );
});
