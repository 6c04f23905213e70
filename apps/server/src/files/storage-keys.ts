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
