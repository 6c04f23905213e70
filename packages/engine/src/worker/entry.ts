import { parentPort } from 'node:worker_threads';
import { compactResult, convertToJpeg, convertToPng } from '../codecs/renditions';
import { FillScratch } from '../fill/scratch';
import { prepareUpload, type PreparedUpload } from '../codecs/upload';
import { padForModel, pasteOriginal } from '../pipelines/model-canvas';
import { outpaintStored } from '../pipelines/outpaint';
import type { JobMessage, ReplyMessage, Task, TaskResult } from './protocol';
import { serializeError } from './protocol';

if (!parentPort) throw new Error('worker/entry.ts must run inside a worker thread');
const port = parentPort;
/** The fill's working memory, kept by this worker for all its jobs (one job at a time). */
const scratch = new FillScratch();

async function run(task: Task): Promise<{ result: TaskResult; transfer: ArrayBuffer[] }> {
  switch (task.kind) {
    case 'outpaint': {
      const result = await outpaintStored(task.request, scratch, task.header);
      return {
        result,
        transfer: [result.files.webp.buffer as ArrayBuffer, ...thumbnailBuffers(result.files)],
      };
    }
    case 'prepareUpload': {
      const result = await prepareUpload(task.bytes, task.checked);
      return {
        result,
        transfer: [result.stored.buffer as ArrayBuffer, ...thumbnailBuffers(result)],
      };
    }
    case 'padForModel': {
      const result = await padForModel(task.request);
      const buffers = [result.image.buffer, result.original.data.buffer];
      if (result.mask) buffers.push(result.mask.buffer);
      return { result, transfer: buffers as ArrayBuffer[] };
    }
    case 'pasteOriginal': {
      const result = await pasteOriginal(task.request);
      return { result, transfer: [result.png.buffer as ArrayBuffer] };
    }
    case 'compactResult': {
      const result = await compactResult(task.bytes);
      return {
        result,
        transfer: [result.webp.buffer as ArrayBuffer, ...thumbnailBuffers(result)],
      };
    }
    case 'convertToPng': {
      const result = await convertToPng(task.bytes);
      return { result, transfer: [result.buffer as ArrayBuffer] };
    }
    case 'convertToJpeg': {
      const result = await convertToJpeg(task.bytes);
      return { result, transfer: [result.buffer as ArrayBuffer] };
    }
  }
}

function thumbnailBuffers({ thumbnails }: Pick<PreparedUpload, 'thumbnails'>): ArrayBuffer[] {
  return Object.values(thumbnails).map((bytes) => bytes.buffer as ArrayBuffer);
}

port.on('message', (message: JobMessage) => {
  run(message.task).then(
    ({ result, transfer }) => {
      const reply: ReplyMessage = { id: message.id, ok: true, result };
      port.postMessage(reply, transfer);
    },
    (error: unknown) => {
      const reply: ReplyMessage = { id: message.id, ok: false, error: serializeError(error) };
      port.postMessage(reply);
    },
  );
});
