import type { FastifyReply, FastifyRequest } from 'fastify';

const FORWARDING_HEADERS = ['x-forwarded-for', 'x-real-ip', 'forwarded'] as const;

/**
 * A client on this machine: the socket's peer is a loopback address (never the client IP a
 * proxy claims) and no proxy forwarded the request, since a reverse proxy on the same machine
 * also connects from loopback.
 */
export function isLoopbackClient(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress ?? '';
  const loopback = address === '::1' || /^(::ffff:)?127(\.\d{1,3}){3}$/.test(address);
  return loopback && FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);
}

/** onRequest hook for dev-only routes: anyone but a loopback client gets the usual 404. */
export function loopbackOnly(request: FastifyRequest, reply: FastifyReply, done: () => void) {
  if (isLoopbackClient(request)) {
    done();
    return;
  }
  reply.callNotFound();
}
