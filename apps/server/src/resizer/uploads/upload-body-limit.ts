import { MAX_UPLOAD_BYTES } from '@reframe/shared';
import type { onRequestHookHandler } from 'fastify';
import { AppError } from '../../platform/http/app-error';

/**
 * The most an upload's whole body may declare: the file's limit, plus room for the form around it
 * (boundaries, part headers, the API's text fields).
 */
const MAX_UPLOAD_BODY_BYTES = MAX_UPLOAD_BYTES + 1024 * 1024;

/**
 * Refuses an upload whose declared Content-Length is over the limit (413) before any of its body
 * is read, and closes the connection so the rest is never read either. A body without a declared
 * length is still cut at the file's limit while it is read.
 */
export const refuseOversizedUploadBody: onRequestHookHandler = (request, reply, done) => {
  const declared = Number(request.headers['content-length']);
  if (!(declared > MAX_UPLOAD_BODY_BYTES)) return done();
  void reply.header('connection', 'close');
  done(new AppError('UPLOAD_TOO_LARGE', 413));
};
