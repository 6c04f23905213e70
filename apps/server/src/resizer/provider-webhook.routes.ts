import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import * as z from 'zod';
import {
  firstOutputUrl,
  remotePredictionSchema,
} from '../adapters/outpainter/replicate/replicate-api';
import type { RemoteWakeups } from '../adapters/outpainter/replicate/remote-wakeups';
import { checkWebhookHeaders, verifyWebhook } from '../platform/http/standard-webhooks';
import type { DB } from '../platform/db/types';
import { isUniqueViolation } from '../platform/db/unique-violation';
import { AppError } from '../platform/http/app-error';
import { parseInput } from '../platform/http/parse';
import { insertWebhookOnce, recordRemoteOutcome } from './predictions/predictions.repo';

const webhookQuerySchema = z.object({ prediction: z.uuid() });

/**
 * Replicate's webhook carries the whole prediction, the input's canvas data URL included (up to
 * about 25 MB for a 4000 px canvas), so this route alone reads more than the 1 MB other bodies
 * may have: only for requests whose signature headers are there and fresh, two at a time, and the
 * signature itself is checked once the body is read.
 */
const WEBHOOK_BODY_LIMIT_BYTES = 32 * 1024 * 1024;
/**
 * Bodies read at once; more are refused (503) before reading. Replicate retries a webhook, and
 * the job polls anyway, so a refused one costs a little latency, never a result.
 */
const WEBHOOK_BODIES_AT_ONCE = 2;

const header = (value: string | string[] | undefined) =>
  typeof value === 'string' ? value : undefined;

/**
 * POST /api/replicate/webhook?prediction=<our id>: Replicate's signed "completed" webhook. The
 * signature is checked on the raw body, a stale timestamp is refused, and each `webhook-id` is
 * applied once. It only records the outcome and wakes the waiting job, which settles the
 * prediction (downloading, checking and storing the output) exactly as after a poll.
 */
export function providerWebhookRoutes(deps: {
  db: Kysely<DB>;
  secret: string;
  wakeups: RemoteWakeups;
}) {
  const { db, secret, wakeups } = deps;
  return function register(app: FastifyInstance) {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    const reading = new Set<FastifyRequest>();
    const webhookHeaders = (request: FastifyRequest) => ({
      id: header(request.headers['webhook-id']),
      timestamp: header(request.headers['webhook-timestamp']),
      signature: header(request.headers['webhook-signature']),
    });
    const beforeBody = {
      bodyLimit: WEBHOOK_BODY_LIMIT_BYTES,
      // Unsigned or stale requests, and a flood of signed-looking ones, are refused unread.
      onRequest: (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
        const checked = checkWebhookHeaders(webhookHeaders(request));
        if (!checked.ok) {
          request.log.warn({ reason: checked.reason }, 'replicate webhook refused');
          done(new AppError('WEBHOOK_SIGNATURE_INVALID', 400));
          return;
        }
        if (reading.size >= WEBHOOK_BODIES_AT_ONCE) {
          done(new AppError('WEBHOOKS_BUSY', 503));
          return;
        }
        reading.add(request);
        // Freed on every path: the response sent, the request aborted, the socket closed by the
        // client or by the request time-out (which answers 408 outside Fastify).
        const release = () => reading.delete(request);
        request.raw.once('close', release);
        reply.raw.once('close', release);
        done();
      },
    };
    app.post('/api/replicate/webhook', beforeBody, async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const verified = verifyWebhook(secret, webhookHeaders(request), body);
      if (!verified.ok) {
        request.log.warn({ reason: verified.reason }, 'replicate webhook refused');
        throw new AppError('WEBHOOK_SIGNATURE_INVALID', 400);
      }
      const { prediction: predictionId } = parseInput(webhookQuerySchema, request.query);
      let payload: unknown;
      try {
        payload = JSON.parse(body.toString('utf8'));
      } catch {
        throw new AppError('INVALID_REQUEST', 400);
      }
      const remote = parseInput(remotePredictionSchema, payload);
      if (!['succeeded', 'failed', 'canceled'].includes(remote.status)) {
        return { received: true, outcome: 'ignored' };
      }
      const applied = await db
        .transaction()
        .execute(async (trx) => {
          if (!(await insertWebhookOnce(trx, verified.id, new Date()))) return 'duplicate';
          const recorded = await recordRemoteOutcome(trx, predictionId, {
            remoteId: remote.id,
            status: remote.status,
            output: firstOutputUrl(remote.output),
            error: typeof remote.error === 'string' ? remote.error.slice(0, 1000) : null,
            predictSeconds: remote.metrics?.predict_time ?? null,
          });
          return recorded ? 'recorded' : 'ignored';
        })
        .catch((error: unknown) => {
          // The remote id is bound to another of our predictions (a unique index): nothing is
          // recorded, the delivery id included, and the sender is told.
          if (isUniqueViolation(error)) throw new AppError('WEBHOOK_PREDICTION_MISMATCH', 409);
          throw error;
        });
      if (applied === 'recorded') wakeups.notify(predictionId);
      return { received: true, outcome: applied };
    });
  };
}
