import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { systemClock, type Clock } from '../../platform/clock/clock';
import type { DB } from '../../platform/db/types';
import {
  findWebhookSecret,
  insertWebhookSecretOnce,
  replaceWebhookSecret,
} from './api-webhooks.repo';

/** Standard Webhooks secrets are "whsec_" + base64 of 24 to 64 random bytes. */
const SECRET_BYTES = 24;

function newSecret(): string {
  return `whsec_${randomBytes(SECRET_BYTES).toString('base64')}`;
}

/** The account's webhook signing secret, made on first use; two first uses get the same one. */
export async function webhookSecretFor(
  db: Kysely<DB>,
  accountUserId: string,
  clock: Clock = systemClock,
): Promise<string> {
  const existing = await findWebhookSecret(db, accountUserId);
  if (existing) return existing;
  await insertWebhookSecretOnce(db, accountUserId, newSecret(), clock.now());
  const made = await findWebhookSecret(db, accountUserId);
  if (!made) throw new Error('The webhook secret was not saved.');
  return made;
}

/** A new secret at once: deliveries from now on are signed with it. */
export async function rotateWebhookSecret(
  db: Kysely<DB>,
  accountUserId: string,
  clock: Clock = systemClock,
): Promise<string> {
  const secret = newSecret();
  await replaceWebhookSecret(db, accountUserId, secret, clock.now());
  return secret;
}
