import { createHash, randomUUID } from 'node:crypto';
import {
  API_DOWNLOAD_URL_TTL_SECONDS,
  createRunBodySchema,
  placementPacks,
  type ApiAccount,
  type ApiFormat,
  type Expansion,
  type ExpansionFields,
  type OutputSpec,
} from '@reframe/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { balanceOf } from '../credits/credits.service';
import { planFor } from '../team/plans';
import { isUniqueViolation } from '../platform/db/unique-violation';
import type { DB } from '../platform/db/types';
import { AppError } from '../platform/http/app-error';
import { countInWindow } from '../platform/http/rate-limit';
import { parseInput } from '../platform/http/parse';
import type { RunsService } from '../resizer/runs/runs.service';
import { chargeFor } from '../team/team-access';
import type { UploadQuota } from '../resizer/uploads/upload-quota';
import type { UploadSlots } from '../resizer/uploads/upload-slots';
import type { IncomingFile, UploadsService } from '../resizer/uploads/uploads.service';
import type { ApiExpansionRow, ApiKeyRow } from './api.tables';
import { signDownload } from './download-tokens';
import { expansionView, type DownloadLink } from './expansion-view';
import {
  findAccountExpansion,
  findExpansionOfRun,
  findIdempotencyKey,
  findRunOfPrediction,
  insertExpansion,
  insertIdempotencyKey,
  listRunOutputs,
  markSettled,
} from './expansions.repo';
import { keyStandsForItsMaker } from './api-access';
import { assertTestCallOutputs, countTestCall, minuteKey, testCallsLeft } from './key-usage';
import { RetryLaterError } from './v1-errors';
import { assertWebhookUrl } from './webhook-url';

/** Who a settled expansion's webhook goes to (api-hooks delivers it). */
export interface SettledTarget {
  accountUserId: string;
  webhookUrl: string;
}
export type OnExpansionSettled = (expansion: Expansion, target: SettledTarget) => Promise<void>;

export interface ExpansionsServiceDeps {
  db: Kysely<DB>;
  appUrl: string;
  /** Signs the download links. */
  authSecret: string;
  isProduction: boolean;
  expansionsPerMinute: number;
  /** MAX_ACTIVE_JOBS_PER_USER: outputs queued or running at once, as GET /v1/account says. */
  maxActiveJobsPerUser: number;
  runsService: Pick<RunsService, 'createRun'>;
  uploads: {
    service: Pick<UploadsService, 'upload' | 'discard'>;
    quota: Pick<UploadQuota, 'admit'>;
    slots: Pick<UploadSlots, 'acquire'>;
  };
  onExpansionSettled: OnExpansionSettled;
  log: FastifyBaseLogger;
}

export interface ExpansionRequest {
  file: IncomingFile;
  fields: ExpansionFields;
  idempotencyKey: string | null;
}

export interface CreatedExpansion {
  expansion: Expansion;
  /** Credits this request took: 0 for a test key and for a replayed Idempotency-Key. */
  charged: number;
}

/** The run's outputs: every ratio, every size, and each placement of the pack. */
function outputSpecsOf(fields: ExpansionFields): OutputSpec[] {
  const pack = placementPacks.find((candidate) => candidate.id === fields.pack);
  return [
    ...fields.ratio.map((ratio) => ({ aspect_ratio: ratio })),
    ...fields.size.map((size) => {
      const [width, height] = size.split('x').map(Number);
      return { size: { width: width ?? 0, height: height ?? 0 } };
    }),
    ...(pack?.outputs.map((output) => ({ placement: output.id })) ?? []),
  ];
}

/** What an Idempotency-Key remembers of its request: the image's bytes and every field. */
function requestHashOf(file: IncomingFile, fields: ExpansionFields): string {
  return createHash('sha256').update(file.bytes).update(JSON.stringify(fields)).digest('hex');
}

/**
 * POST and GET /v1/expansions (issue 30). An expansion is one photo, uploaded by the app's own
 * path, and one bulk run of it, charged all or nothing to whoever the key's creator charges (a
 * team's pool inside a team; nothing for a test key). The key acts as the user who made it.
 */
export function createExpansionsService(deps: ExpansionsServiceDeps) {
  const { db, appUrl, authSecret, runsService, uploads, log } = deps;

  /** Signed links to the outputs in the expansion's format, working for an hour. */
  const linksIn =
    (format: ApiFormat): DownloadLink =>
    (predictionId) => {
      const expiresAt = Math.floor(Date.now() / 1000) + API_DOWNLOAD_URL_TTL_SECONDS;
      const token = signDownload(authSecret, { predictionId, format, expiresAt });
      return {
        url: `${appUrl}/v1/files/${token}`,
        expiresAt: new Date(expiresAt * 1000).toISOString(),
      };
    };

  async function viewOf(expansion: ApiExpansionRow): Promise<Expansion> {
    const rows = await listRunOutputs(db, expansion.run_id);
    return expansionView(expansion, rows, linksIn(expansion.format));
  }

  async function replay(key: ApiKeyRow, idempotencyKey: string, requestHash: string) {
    const earlier = await findIdempotencyKey(db, key.id, idempotencyKey);
    if (!earlier) return null;
    if (earlier.request_hash !== requestHash) throw new AppError('API_IDEMPOTENCY_CONFLICT', 422);
    const expansion = await findAccountExpansion(db, key.account_user_id, earlier.expansion_id);
    if (!expansion) throw new AppError('NOT_FOUND', 404);
    return { expansion: await viewOf(expansion), charged: 0 };
  }

  async function assertUnderMinuteLimit(key: ApiKeyRow) {
    const now = Date.now();
    const { count, resetsAt } = await countInWindow(db, minuteKey(key), 60_000, now);
    if (count > deps.expansionsPerMinute) {
      const seconds = Math.max(1, Math.ceil((resetsAt - now) / 1000));
      throw new RetryLaterError('API_RATE_LIMITED', 429, seconds);
    }
  }

  async function upload(userId: string, file: IncomingFile) {
    const release = uploads.slots.acquire(userId);
    try {
      await uploads.quota.admit(userId);
      return await uploads.service.upload(userId, file);
    } finally {
      release();
    }
  }

  return {
    async create(key: ApiKeyRow, request: ExpansionRequest): Promise<CreatedExpansion> {
      const { file, fields, idempotencyKey } = request;
      assertWebhookUrl(fields.webhook_url, deps.isProduction);
      const outputs = parseInput(createRunBodySchema.shape.outputs, outputSpecsOf(fields));
      assertTestCallOutputs(key, outputs.length);
      const requestHash = requestHashOf(file, fields);
      if (idempotencyKey) {
        const earlier = await replay(key, idempotencyKey, requestHash);
        if (earlier) return earlier;
      }
      await assertUnderMinuteLimit(key);
      await countTestCall(db, key, new Date());
      const userId = key.created_by_user_id;
      const uploaded = await upload(userId, file);
      const test = key.mode === 'test';
      const expansionId = randomUUID();
      const runId = randomUUID();
      const now = new Date();
      try {
        const run = await runsService.createRun(
          userId,
          {
            upload_ids: [uploaded.id],
            outputs,
            alignment: fields.alignment,
            framing: fields.framing,
            style: fields.style,
          },
          {
            runId,
            free: test,
            apiKeyName: key.name,
            record: async (trx, rows) => {
              // The maker may have lost their rights since the key was checked: nothing is spent.
              if (!(await keyStandsForItsMaker(trx, key))) {
                throw new AppError('API_KEY_SUSPENDED', 401);
              }
              await insertExpansion(trx, {
                id: expansionId,
                api_key_id: key.id,
                account_user_id: key.account_user_id,
                upload_id: uploaded.id,
                run_id: runId,
                output_keys: JSON.stringify(rows.map((row) => row.aspect_ratio)),
                alignment: fields.alignment,
                format: fields.format,
                webhook_url: fields.webhook_url ?? null,
                test: test ? 1 : 0,
                created_at: now.toISOString(),
                settled_at: null,
              });
              if (idempotencyKey) {
                await insertIdempotencyKey(trx, {
                  apiKeyId: key.id,
                  key: idempotencyKey,
                  requestHash,
                  expansionId,
                  now,
                });
              }
            },
          },
        );
        const expansion = await findAccountExpansion(db, key.account_user_id, expansionId);
        if (!expansion) throw new AppError('NOT_FOUND', 404);
        return { expansion: await viewOf(expansion), charged: run.charged };
      } catch (error) {
        // Refused (credits, limits) or raced: nothing was made from the photo, so it goes too.
        await uploads.service.discard(userId, uploaded.id);
        // Two retries of one request raced: the second's run rolled back; it answers the first.
        if (idempotencyKey && isUniqueViolation(error)) {
          const earlier = await replay(key, idempotencyKey, requestHash);
          if (earlier) return earlier;
        }
        throw error;
      }
    },

    /** One of the key's account's expansions; 404 for any other id. */
    async get(key: ApiKeyRow, id: string): Promise<Expansion> {
      const expansion = await findAccountExpansion(db, key.account_user_id, id);
      if (!expansion) throw new AppError('NOT_FOUND', 404);
      return viewOf(expansion);
    },

    /** The balance the key spends from: its creator's payer (a team's pool inside a team). */
    async creditsOf(key: ApiKeyRow): Promise<number> {
      const { payerId } = await chargeFor(db, key.created_by_user_id);
      return balanceOf(db, payerId);
    },

    /** GET /v1/account: the balance and plan the key spends from, and its limits. */
    async account(key: ApiKeyRow): Promise<ApiAccount> {
      const { payerId } = await chargeFor(db, key.created_by_user_id);
      return {
        credits: await balanceOf(db, payerId),
        plan: (await planFor(db, key.created_by_user_id, 'payer')).id,
        key: { name: key.name, mode: key.mode },
        rate_limit: {
          expansions_per_minute: deps.expansionsPerMinute,
          active_outputs: deps.maxActiveJobsPerUser,
          test_calls_left_today: await testCallsLeft(db, key, new Date()),
        },
      };
    },

    /**
     * After a job settled one of its outputs: once every output of an expansion has settled,
     * records it once and hands the final body to `onExpansionSettled` when it has a webhook.
     */
    async predictionSettled(predictionId: string): Promise<void> {
      const prediction = await findRunOfPrediction(db, predictionId);
      if (!prediction?.run_id) return;
      const expansion = await findExpansionOfRun(db, prediction.run_id);
      if (!expansion || expansion.settled_at !== null) return;
      const rows = await listRunOutputs(db, expansion.run_id);
      if (rows.some((row) => row.status === 'starting' || row.status === 'processing')) return;
      const now = new Date();
      if (!(await markSettled(db, expansion.id, now))) return;
      log.info({ expansionId: expansion.id }, 'api expansion settled');
      if (!expansion.webhook_url) return;
      const settled = { ...expansion, settled_at: now.toISOString() };
      await deps.onExpansionSettled(await viewOf(settled), {
        accountUserId: expansion.account_user_id,
        webhookUrl: expansion.webhook_url,
      });
    },
  };
}

export type ExpansionsService = ReturnType<typeof createExpansionsService>;
