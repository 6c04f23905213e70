import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * The path of a request as it is logged: never its query string (links in emails carry their
 * tokens there: `token`, `oobCode`), and never the token of better-auth's reset-password path.
 */
export function loggedPath(url: string): string {
  const path = url.split('?', 1)[0] ?? '';
  return path.replace(/^(\/api\/auth\/reset-password\/)[^/]+/, '$1[redacted]');
}

/** Fastify's own `req` serializer, with the URL redacted by `loggedPath`. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggedPath(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}

/**
 * Every request's logger writes `req` through `serializeRequest`: Fastify's request lines
 * ("incoming request") and any other line that logs the request keep tokens out of the log.
 */
export const redactingChildLoggerFactory: NonNullable<
  FastifyServerOptions['childLoggerFactory']
> = (logger, bindings, opts) =>
  logger.child(bindings, { ...opts, serializers: { ...opts.serializers, req: serializeRequest } });
