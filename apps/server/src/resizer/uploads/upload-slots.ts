import type { LimitsConfig } from '../../platform/config/limits-config';
import { AppError } from '../../platform/http/app-error';

/**
 * Caps the uploads this process reads and processes at once, in all and per user, so slow or
 * hostile senders cannot hold every socket and buffer. A refused upload is answered at once.
 */
export function createUploadSlots(limits: LimitsConfig['uploads']) {
  let total = 0;
  const perUser = new Map<string, number>();
  return {
    /** Takes a slot (or throws 503/429); the returned function gives it back, once. */
    acquire(userId: string): () => void {
      const mine = perUser.get(userId) ?? 0;
      if (mine >= limits.maxConcurrentPerUser) throw new AppError('UPLOAD_IN_PROGRESS', 429);
      if (total >= limits.maxConcurrent) throw new AppError('UPLOADS_BUSY', 503);
      total += 1;
      perUser.set(userId, mine + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        total -= 1;
        const left = (perUser.get(userId) ?? 1) - 1;
        if (left > 0) perUser.set(userId, left);
        else perUser.delete(userId);
      };
    },
  };
}

export type UploadSlots = ReturnType<typeof createUploadSlots>;
