import type { Migration } from 'kysely';
import type { Dialect } from '../database';
import { authTables } from './0001-auth-tables';
import { userProfileAndCreditLedger } from './0002-user-profile-and-credit-ledger';
import { rateLimitAndConsumedToken } from './0003-rate-limit-and-consumed-token';
import { billing } from './0004-billing';
import { resizer } from './0005-resizer';
import { deletedAddress } from './0006-deleted-address';
import { uploadQuota } from './0007-upload-quota';
import { outpaintProvider } from './0008-outpaint-provider';
import { placementOutputs } from './0009-placement-outputs';
import { remotePredictTime } from './0011-remote-predict-time';
import { resultPlacement } from './0012-result-placement';
import { teams } from './0016-teams';
import { resultModel } from './0015-result-model';
import { apiKeys } from './0017-api-keys';
import { apiWebhooks } from './0018-api-webhooks';
import { predictionCanvas } from './0019-prediction-canvas';
import { webhookHosts } from './0020-webhook-hosts';
import { framing } from './0021-framing';
import { runKeyName } from './0022-run-key-name';

/**
 * Every migration, in the order it runs. To add one: create the next numbered file exporting a
 * `(dialect) => Migration` and append it here. Never edit or reorder a migration that has shipped.
 */
const migrations: ReadonlyArray<readonly [name: string, build: (dialect: Dialect) => Migration]> = [
  ['0001-auth-tables', authTables],
  ['0002-user-profile-and-credit-ledger', userProfileAndCreditLedger],
  ['0003-rate-limit-and-consumed-token', rateLimitAndConsumedToken],
  ['0004-billing', billing],
  ['0005-resizer', resizer],
  ['0006-deleted-address', deletedAddress],
  ['0007-upload-quota', uploadQuota],
  ['0008-outpaint-provider', outpaintProvider],
  ['0009-placement-outputs', placementOutputs],
  ['0011-remote-predict-time', remotePredictTime],
  ['0012-result-placement', resultPlacement],
  ['0015-result-model', resultModel],
  ['0016-teams', teams],
  ['0017-api-keys', apiKeys],
  ['0018-api-webhooks', apiWebhooks],
  ['0019-prediction-canvas', predictionCanvas],
  ['0020-webhook-hosts', webhookHosts],
  ['0021-framing', framing],
  ['0022-run-key-name', runKeyName],
];

export function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return Object.fromEntries(migrations.map(([name, build]) => [name, build(dialect)]));
}
