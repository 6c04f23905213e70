import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { isSafeKey, type Storage } from './storage';

export interface S3StorageConfig {
  bucket: string;
  region: string;
  /** An S3-compatible store's URL; unset for AWS itself. */
  endpoint?: string | undefined;
  forcePathStyle: boolean;
}

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' ||
    error.name === 'NotFound' ||
    error.$metadata.httpStatusCode === 404);

const isTaken = (error: unknown) =>
  error instanceof S3ServiceException && error.$metadata.httpStatusCode === 412;

/**
 * Objects in a private bucket through the official AWS SDK, one object per key. Nothing is ever
 * made public: the files route streams an object after its owner check. Credentials come from
 * the SDK's standard chain (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, or a role).
 * Our objects are at most a few tens of MB, so one PutObject each (multipart would only add
 * requests).
 */
export function createS3Storage(config: S3StorageConfig, client?: S3Client): Storage {
  const s3 =
    client ??
    new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      forcePathStyle: config.forcePathStyle,
      // Checksums only where S3 requires them: many S3-compatible stores refuse the others.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  const Bucket = config.bucket;
  const checked = (key: string): string => {
    if (!isSafeKey(key)) throw new Error(`Invalid storage key: ${key}`);
    return key;
  };

  const head = async (Key: string) => {
    try {
      return await s3.send(new HeadObjectCommand({ Bucket, Key }));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };

  const get = async (key: string) => {
    if (!isSafeKey(key)) return null;
    try {
      return await s3.send(new GetObjectCommand({ Bucket, Key: key }));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };

  return {
    kind: 's3',

    async create(key, bytes) {
      const Key = checked(key);
      // If-None-Match makes the write conditional where the store supports it (AWS does);
      // the look first covers stores that ignore it.
      if (await head(Key)) return false;
      try {
        await s3.send(new PutObjectCommand({ Bucket, Key, Body: bytes, IfNoneMatch: '*' }));
        return true;
      } catch (error) {
        if (isTaken(error)) return false;
        throw error;
      }
    },

    async read(key) {
      const object = await get(key);
      return object?.Body ? await object.Body.transformToByteArray() : null;
    },

    async open(key) {
      const object = await get(key);
      if (!object?.Body) return null;
      const stream = object.Body as Readable;
      stream.on('error', () => undefined);
      return { stream, size: Number(object.ContentLength ?? 0) };
    },

    async size(key) {
      if (!isSafeKey(key)) return null;
      const object = await head(key);
      return object ? Number(object.ContentLength ?? 0) : null;
    },

    async delete(key) {
      await s3.send(new DeleteObjectCommand({ Bucket, Key: checked(key) }));
    },

    async deletePrefix(prefix) {
      const Prefix = `${checked(prefix.replace(/\/+$/, ''))}/`;
      let ContinuationToken: string | undefined;
      do {
        const page = await s3.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
        const Objects = (page.Contents ?? []).map(({ Key }) => ({ Key }));
        if (Objects.length > 0) {
          await s3.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    /** A bucket has no free-space figure; the store's own quota is the operator's. */
    freeBytes: () => Promise.resolve(Number.MAX_SAFE_INTEGER),
  };
}
