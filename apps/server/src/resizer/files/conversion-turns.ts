import { AppError } from '../../platform/http/app-error';

/**
 * Runs each user's conversions one at a time, in the order asked, so one user's downloads take
 * at most one worker however many they request; more than `maxWaiting` waiting is refused (429).
 * A waiting conversion holds no bytes: it reads its file when its turn comes.
 */
export function createConversionTurns(maxWaiting: number) {
  const queues = new Map<string, { tail: Promise<unknown>; waiting: number }>();
  return async function inTurn<T>(userId: string, work: () => Promise<T>): Promise<T> {
    const queue = queues.get(userId) ?? { tail: Promise.resolve(), waiting: 0 };
    if (queue.waiting >= maxWaiting) throw new AppError('TOO_MANY_REQUESTS', 429);
    queues.set(userId, queue);
    queue.waiting += 1;
    const turn = queue.tail.then(work);
    queue.tail = turn.catch(() => undefined);
    try {
      return await turn;
    } finally {
      queue.waiting -= 1;
      if (queue.waiting === 0) queues.delete(userId);
    }
  };
}
