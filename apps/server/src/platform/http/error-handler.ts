import { errorMessages } from '@reframe/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from './app-error';

/** Every error answers `{ code, message }`: AppErrors as declared, bad input 400, the rest 500. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({ code: error.code, message: error.message });
    }
    if (error.validation || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply
        .status(400)
        .send({ code: 'INVALID_REQUEST', message: errorMessages.INVALID_REQUEST });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply
        .status(error.statusCode)
        .send({ code: 'INVALID_REQUEST', message: errorMessages.INVALID_REQUEST });
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return reply.status(500).send({ code: 'INTERNAL', message: errorMessages.INTERNAL });
  });
}
