import { apiWebCopy, createApiKeyBodySchema, type ApiKeySummary } from '@reframe/shared';
import { ApiError } from '../../../api/api-error';

const k = apiWebCopy.keys;

/** A key's visible start, marked as cut short: "rf_live_3kQ9…". */
export function shownPrefix(key: ApiKeySummary): string {
  return `${key.prefix}…`;
}

/** A date of the key list, in the reader's locale ("27 Nov 2026"). */
export function formatKeyDate(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
}

/** "Last used 27 Nov 2026", or "Never used" for a key no call has used yet. */
export function lastUsedLabel(key: ApiKeySummary, locale?: string): string {
  return key.lastUsedAt === null ? k.neverUsed : k.lastUsed(formatKeyDate(key.lastUsedAt, locale));
}

/** What is wrong with a new key's name, by the rule the server validates with; null when fine. */
export function keyNameProblem(name: string): string | null {
  const result = createApiKeyBodySchema.shape.name.safeParse(name);
  if (result.success) return null;
  return name.trim() === ''
    ? apiWebCopy.createDialog.nameRequired
    : apiWebCopy.createDialog.nameTooLong;
}

/** GET /api/api-keys answers 403 to a user who may not manage keys (not Expert, or a member). */
export function isNotAllowed(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403;
}
