import type { Readable } from 'node:stream';

/**
 * Where originals and results live, addressed by keys such as `users/{uid}/original/{timestamp}`.
 * One interface, chosen once from config: disk in DATA_DIR/files by default, or an S3 bucket.
 */
export interface Storage {
  readonly kind: 'disk' | 's3';
  /** Writes a new object; false (and nothing written) when the key is already taken. */
  create(key: string, bytes: Uint8Array): Promise<boolean>;
  read(key: string): Promise<Uint8Array | null>;
  /**
   * A stream of the object and its size, or null when there is none. The stream already has an
   * error handler that logs nothing: its consumer (a reply) reports its own failures.
   */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** The object's size in bytes (stat or HeadObject, never a stream), or null when there is none. */
  size(key: string): Promise<number | null>;
  delete(key: string): Promise<void>;
  /** Deletes every object whose key starts with `prefix` (a folder such as `users/{uid}/`). */
  deletePrefix(prefix: string): Promise<void>;
  /** Bytes free where objects are written, for the uploads' free-disk floor. */
  freeBytes(): Promise<number>;
}

const SAFE_KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/;

/** Keys come from our own code, but a file route passes one through from a URL: refuse `..`. */
export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.split('/').some((part) => part === '.' || part === '..');
}

/**
 * Stores `bytes` under `{folder}/{timestamp}{extension}`, moving the timestamp on by a millisecond
 * when two writes land in the same one, and returns the key used.
 */
export async function createTimestamped(
  storage: Storage,
  folder: string,
  bytes: Uint8Array,
  extension = '',
  now: number = Date.now(),
): Promise<string> {
  for (let timestamp = now; ; timestamp++) {
    const key = `${folder}/${timestamp}${extension}`;
    if (await storage.create(key, bytes)) return key;
  }
}

/** The bytes the objects hold (missing ones count nothing), sized without opening them. */
export async function totalSize(storage: Storage, keys: Iterable<string>): Promise<number> {
  let total = 0;
  for (const key of keys) total += (await storage.size(key)) ?? 0;
  return total;
}
