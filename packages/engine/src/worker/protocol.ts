import type { CompactResult } from '../codecs/renditions';
import type { HeaderInfo } from '../codecs/sniff';
import type { CheckedUpload, PreparedUpload } from '../codecs/upload';
import type { OutpaintResult, StoredResult } from '../pipelines/canvas';
import type {
  ModelCanvas,
  ModelCanvasRequest,
  PasteOriginalRequest,
} from '../pipelines/model-canvas';
import type { StoredOutpaintRequest } from '../pipelines/outpaint';

/** What a worker can be asked to do, and what each task answers. */
export type Task =
  | { kind: 'outpaint'; request: StoredOutpaintRequest; header: HeaderInfo }
  | { kind: 'prepareUpload'; bytes: Uint8Array; checked: CheckedUpload | undefined }
  | { kind: 'padForModel'; request: ModelCanvasRequest }
  | { kind: 'pasteOriginal'; request: PasteOriginalRequest }
  | { kind: 'compactResult'; bytes: Uint8Array }
  | { kind: 'convertToPng'; bytes: Uint8Array }
  | { kind: 'convertToJpeg'; bytes: Uint8Array };

export type TaskResult =
  StoredResult | OutpaintResult | PreparedUpload | ModelCanvas | CompactResult | Uint8Array;

export interface JobMessage {
  id: number;
  task: Task;
}

/** An error crossing the thread boundary keeps its name, code and message. */
export interface SerializedError {
  name: string;
  message: string;
  code?: string;
}

export type ReplyMessage =
  { id: number; ok: true; result: TaskResult } | { id: number; ok: false; error: SerializedError };

export function serializeError(error: unknown): SerializedError {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return {
      name: error.name,
      message: error.message,
      ...(typeof code === 'string' ? { code } : {}),
    };
  }
  return { name: 'Error', message: String(error) };
}
