import { thumbnailSizes, type ThumbnailSize } from '@reframe/shared';

/**
 * The storage key layout, in one place. Every object of a user lives under the user's prefix,
 * which is also the ownership check of /api/files and what account deletion removes.
 */
export function userPrefix(userId: string): string {
  return `users/${userId}/`;
}

/** Where a user's uploaded originals are stored, one timestamped key each. */
export function originalsFolder(userId: string): string {
  return `${userPrefix(userId)}original`;
}

/** Where a user's results of one size are stored, one timestamped key each. */
export function resultsFolder(userId: string, size: { width: number; height: number }): string {
  return `${userPrefix(userId)}resized/${size.width}x${size.height}`;
}

/**
 * Where a stored file's thumbnail of one size lives: beside the user's other objects (so the
 * ownership check, the quota and account deletion treat it like them), named after its file.
 */
export function thumbnailKey(key: string, size: ThumbnailSize): string {
  return `${key}.${size}.webp`;
}

/** The stored file a key names: a thumbnail's key names its file. */
export function fileOfKey(key: string): string {
  for (const size of thumbnailSizes) {
    const suffix = `.${size}.webp`;
    if (key.endsWith(suffix)) return key.slice(0, -suffix.length);
  }
  return key;
}

/** A stored file and all its thumbnails: what its deletion removes and the quota counts. */
export function withThumbnails(key: string): string[] {
  return [key, ...thumbnailSizes.map((size) => thumbnailKey(key, size))];
}
