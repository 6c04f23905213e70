import type { Thumbnails } from '@reframe/engine';
import { thumbnailSizes } from '@reframe/shared';
import { createTimestamped, type Storage } from '../../adapters/storage/storage';
import { thumbnailKey, withThumbnails } from './storage-keys';

/**
 * Stores a file under `{folder}/{timestamp}{extension}` and its thumbnails beside it; returns
 * its key and the bytes written (what the quota counts). A failed write leaves nothing behind.
 */
export async function storeWithThumbnails(
  storage: Storage,
  folder: string,
  file: { bytes: Uint8Array; extension: string; thumbnails: Thumbnails },
): Promise<{ key: string; bytes: number }> {
  const key = await createTimestamped(storage, folder, file.bytes, file.extension);
  let bytes = file.bytes.byteLength;
  try {
    for (const size of thumbnailSizes) {
      const thumbnail = file.thumbnails[size];
      if (await storage.create(thumbnailKey(key, size), thumbnail)) bytes += thumbnail.byteLength;
    }
  } catch (error) {
    await deleteWithThumbnails(storage, key);
    throw error;
  }
  return { key, bytes };
}

export async function deleteWithThumbnails(storage: Storage, key: string): Promise<void> {
  for (const each of withThumbnails(key)) await storage.delete(each);
}
