import type { OutpaintRequest, OutpaintResult } from '../outpaint';

export interface JobMessage {
  id: number;
  request: OutpaintRequest;
}

/** An error crossing the thread boundary keeps its name, code and message. */
export interface SerializedError {
  name: string;
  message: string;
  code?: string;
}

export type ReplyMessage =
  | { id: number; ok: true; result: OutpaintResult }
  | { id: number; ok: false; error: SerializedError };

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
