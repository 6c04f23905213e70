/** The absolute URL the API hands out for a stored object; served by files.routes.ts. */
export function fileUrl(appUrl: string, key: string): string {
  return `${appUrl}/api/files/${key}`;
}
