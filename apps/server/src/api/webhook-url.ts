import { errorMessages } from '@reframe/shared';
import { FieldError } from './v1-errors';

/** Hosts a local receiver may listen on outside production (a developer's machine, tests). */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);

/**
 * `webhook_url` (already a valid URL: `expansionFieldsSchema`) must be https; outside production http://localhost and http://127.0.0.1 too.
 * Private addresses behind a public name are refused when a delivery connects, not here.
 */
export function assertWebhookUrl(url: string | undefined, isProduction: boolean): void {
  if (url === undefined) return;
  const parsed = new URL(url);
  const allowed =
    parsed.protocol === 'https:' ||
    (!isProduction && parsed.protocol === 'http:' && LOCAL_HOSTS.has(parsed.hostname));
  if (!allowed) {
    throw new FieldError(
      'webhook_url',
      errorMessages.API_WEBHOOK_URL_INVALID,
      'API_WEBHOOK_URL_INVALID',
    );
  }
}
