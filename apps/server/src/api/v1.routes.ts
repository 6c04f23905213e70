import multipart from '@fastify/multipart';
import type { EnginePool } from '@reframe/engine';
import { API_HEADERS, MAX_UPLOAD_BYTES, apiFieldErrors, type ApiFormat } from '@reframe/shared';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Storage } from '../adapters/storage/storage';
import type { DB } from '../platform/db/types';
import { AppError } from '../platform/http/app-error';
import { refuseOversizedUploadBody } from '../resizer/uploads/upload-body-limit';
import { createBearerGuard, currentKey } from './bearer-auth';
import { verifyDownload } from './download-tokens';
import { readExpansionForm } from './expansion-form';
import type { ExpansionsService } from './expansions.service';
import { findDownload } from './expansions.repo';
import { FieldError, registerV1ErrorHandler } from './v1-errors';

const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

const CONTENT_TYPES: Record<ApiFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

export interface V1RoutesDeps {
  db: Kysely<DB>;
  expansionsService: ExpansionsService;
  storage: Storage;
  codecs: Pick<EnginePool, 'convertToPng' | 'convertToJpeg'>;
  authSecret: string;
}

/**
 * /v1 (issue 30): Bearer keys, no cookies, no CORS; every answer of an authenticated call carries
 * X-Credits-Remaining, every error the one `{error: {code, message}}` shape.
 */
export function v1Routes(deps: V1RoutesDeps) {
  const { db, expansionsService, storage, codecs, authSecret } = deps;
  const requireApiKey = createBearerGuard(db);

  async function convert(bytes: Uint8Array, format: ApiFormat): Promise<Uint8Array> {
    switch (format) {
      case 'webp':
        return bytes;
      case 'png':
        return codecs.convertToPng(bytes);
      case 'jpeg':
        return codecs.convertToJpeg(bytes);
    }
  }

  return async function v1(app: FastifyInstance) {
    await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES } });
    app.decorateRequest('apiKey', null);
    registerV1ErrorHandler(app);
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.apiKey && !reply.hasHeader(API_HEADERS.creditsRemaining)) {
        const credits = await expansionsService.creditsOf(request.apiKey);
        reply.header(API_HEADERS.creditsRemaining, String(credits));
      }
      return payload;
    });

    const expansionGuards = { onRequest: refuseOversizedUploadBody, preHandler: requireApiKey };
    app.post('/v1/expansions', expansionGuards, async (request, reply) => {
      const key = currentKey(request);
      const idempotencyKey = request.headers['idempotency-key'];
      if (
        idempotencyKey !== undefined &&
        (typeof idempotencyKey !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey))
      ) {
        throw new FieldError(
          API_HEADERS.idempotencyKey,
          apiFieldErrors.invalid(API_HEADERS.idempotencyKey),
        );
      }
      const { file, fields } = await readExpansionForm(request);
      const created = await expansionsService.create(key, {
        file,
        fields,
        idempotencyKey: idempotencyKey ?? null,
      });
      return reply
        .status(202)
        .header(API_HEADERS.creditsCharged, String(created.charged))
        .send(created.expansion);
    });

    app.get<{ Params: { id: string } }>(
      '/v1/expansions/:id',
      { preHandler: requireApiKey },
      async (request) => expansionsService.get(currentKey(request), request.params.id),
    );

    app.get('/v1/account', { preHandler: requireApiKey }, async (request) =>
      expansionsService.account(currentKey(request)),
    );

    /** A signed download link: the link is the credential, so no key is asked for. */
    app.get<{ Params: { token: string } }>('/v1/files/:token', async (request, reply) => {
      const grant = verifyDownload(authSecret, request.params.token, new Date());
      if (!grant) throw new AppError('API_DOWNLOAD_EXPIRED', 404);
      const download = await findDownload(db, grant.predictionId);
      const stored = download?.output_key ? await storage.read(download.output_key) : null;
      if (!download || !stored) throw new AppError('NOT_FOUND', 404);
      const bytes = await convert(stored, grant.format);
      return reply
        .header('Content-Type', CONTENT_TYPES[grant.format])
        .header('Cache-Control', 'private, no-store')
        .header(
          'Content-Disposition',
          `attachment; filename="${download.aspect_ratio.replace(/[^\w.-]+/g, '_')}.${grant.format === 'jpeg' ? 'jpg' : grant.format}"`,
        )
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    });
  };
}
