import { mkdir, open, readFile, rm, stat, statfs } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { isSafeKey, type Storage } from './storage';

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

/** Objects as files under `root` (DATA_DIR/files), one file per key, owner-only (0600). */
export function createDiskStorage(root: string): Storage {
  const pathOf = (key: string): string => {
    if (!isSafeKey(key)) throw new Error(`Invalid storage key: ${key}`);
    return join(root, key);
  };

  return {
    kind: 'disk',

    async create(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      let handle;
      try {
        handle = await open(path, 'wx', 0o600);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
        throw error;
      }
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } catch (error) {
        await handle.close();
        await rm(path, { force: true });
        throw error;
      }
      await handle.close();
      return true;
    },

    async read(key) {
      if (!isSafeKey(key)) return null;
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async open(key) {
      if (!isSafeKey(key)) return null;
      // The file is opened first and sized through its handle, so a delete in between can only
      // make it missing (null), never a stream that fails later.
      let handle;
      try {
        handle = await open(pathOf(key), 'r');
      } catch (error) {
        if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
        throw error;
      }
      const info = await handle.stat().catch(async (error: unknown) => {
        await handle.close();
        throw error;
      });
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      const stream = handle.createReadStream();
      stream.on('error', () => undefined);
      return { stream, size: info.size };
    },

    async size(key) {
      if (!isSafeKey(key)) return null;
      try {
        const info = await stat(pathOf(key));
        return info.isFile() ? info.size : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      await rm(pathOf(key), { force: true });
    },

    async deletePrefix(prefix) {
      const folder = prefix.replace(/\/+$/, '');
      await rm(pathOf(folder), { recursive: true, force: true });
    },

    async freeBytes() {
      await mkdir(root, { recursive: true, mode: 0o700 });
      const info = await statfs(root);
      return info.bavail * info.bsize;
    },
  };
}
