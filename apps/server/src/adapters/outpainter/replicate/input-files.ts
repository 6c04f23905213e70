import type { ReplicateApi } from './replicate-api';

/**
 * Replicate recommends data URLs only for files under a megabyte; larger inputs are uploaded.
 * Counted on the data URL itself (base64 adds a third), so no request body carries more.
 */
const DATA_URL_MAX_BYTES = 1024 * 1024;

/**
 * The URL a prediction's input carries for a PNG: a data URL when small, else the URL of a file
 * uploaded through POST /v1/files (its id is pushed to `uploads`, to delete when it settles).
 */
export async function sendInput(
  api: Pick<ReplicateApi, 'uploadFile'>,
  png: Uint8Array,
  name: string,
  uploads: string[],
  signal: AbortSignal,
): Promise<string> {
  const dataUrl = `data:image/png;base64,${Buffer.from(png).toString('base64')}`;
  if (dataUrl.length <= DATA_URL_MAX_BYTES) return dataUrl;
  const file = await api.uploadFile(png, name, 'image/png', signal);
  uploads.push(file.id);
  return file.urls.get;
}
