import { randomUUID } from 'node:crypto';
import { originalRatio, type UploadResponse } from '@reframe/shared';
import type { Kysely } from 'kysely';
import { totalSize, type Storage } from '../../adapters/storage/storage';
import type { DB } from '../../platform/db/types';
import { extensionFor } from '../files/content-type';
import { fileUrl } from '../files/file-urls';
import { originalsFolder, withThumbnails } from '../files/storage-keys';
import { deleteWithThumbnails, storeWithThumbnails } from '../files/stored-files';
import { AppError } from '../../platform/http/app-error';
import { checkDeclaredType, cleanFilename } from './upload-checks';
import { readUploadImage, type UploadDecoder } from './upload-image';
import type { UploadQuota } from './upload-quota';
import { deleteUnusedUpload, findOwnedUpload, insertUpload } from './uploads.repo';

export interface UploadsServiceDeps {
  db: Kysely<DB>;
  storage: Storage;
  appUrl: string;
  decoder: UploadDecoder;
  quota: Pick<UploadQuota, 'charge'>;
}

export interface IncomingFile {
  filename: string | undefined;
  mimetype: string;
  bytes: Uint8Array;
}

export function createUploadsService({ db, storage, appUrl, decoder, quota }: UploadsServiceDeps) {
  return {
    /**
     * Checks the declared type, then the bytes (header first, then one decode on a worker), and
     * stores the compact re-encoded original (orientation applied, metadata dropped) with its
     * thumbnails. Nothing is stored when any check fails.
     */
    async upload(userId: string, file: IncomingFile): Promise<UploadResponse> {
      const filename = cleanFilename(file.filename);
      checkDeclaredType(filename, file.mimetype);
      if (file.bytes.length === 0) throw new AppError('UPLOAD_EMPTY', 400);
      const info = await readUploadImage(decoder, file.bytes);
      const { key, bytes } = await storeWithThumbnails(storage, originalsFolder(userId), {
        bytes: info.stored,
        extension: extensionFor(info.storedFormat),
        thumbnails: info.thumbnails,
      });
      const id = randomUUID();
      try {
        await insertUpload(db, {
          id,
          user_id: userId,
          storage_key: key,
          filename,
          width: info.width,
          height: info.height,
          created_at: new Date().toISOString(),
        });
      } catch (error) {
        await deleteWithThumbnails(storage, key);
        throw error;
      }
      await quota.charge(userId, bytes);
      return {
        id,
        url: fileUrl(appUrl, key),
        filename,
        width: info.width,
        height: info.height,
        originalRatio: originalRatio(info.width, info.height),
      };
    },

    /**
     * Takes back an upload nothing was made from (an API call refused after its image came in,
     * issue 30): its row, its files and their bytes on the quota.
     */
    async discard(userId: string, uploadId: string): Promise<void> {
      const upload = await findOwnedUpload(db, userId, uploadId);
      if (!upload || !(await deleteUnusedUpload(db, userId, uploadId))) return;
      const keys = withThumbnails(upload.storage_key);
      const bytes = await totalSize(storage, keys);
      for (const key of keys) await storage.delete(key);
      await quota.charge(userId, -bytes);
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
