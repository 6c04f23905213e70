/** The absolute URL the API hands out for a stored object; served by files.routes.ts. */
export function fileUrl(appUrl: string, key: string): string {
  return `${appUrl}/api/files/${key}`;
}

/** Every object of a user lives under this prefix, which is also the ownership check. */
export function userPrefix(userId: string): string {
  return `users/${userId}/`;
}
