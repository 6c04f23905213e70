import { STATUS_CODES, type ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import { errorMessages, type ErrorCode } from '@reframe/shared';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { LimitsConfig } from '../config/limits-config';

/** How often Node looks for requests past their time-out; a late one ends within this much more. */
const CHECK_INTERVAL_MS = 1000;

/** Node's time for the headers alone (its default), never above the whole request's. */
const HEADERS_TIMEOUT_MS = 60_000;

function rawResponse(status: number, code: ErrorCode): string {
  const body = JSON.stringify({ code, message: errorMessages[code] });
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
    `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`
  );
}

/**
 * Answers what Node refuses before a route runs: a request not fully received in time gets 408
 * with the catalogue's message, a malformed one 400 (431 for oversized headers); then the
 * socket closes. Mirrors Fastify's default handler, which answers in its own words.
 */
function clientErrorHandler(
  this: FastifyInstance,
  error: NodeJS.ErrnoException,
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const timedOut = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
  if (timedOut) this.log.info({ remoteAddress: socket.remoteAddress }, 'request timed out');
  const status = timedOut ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  if (socket.writable) {
    socket.write(rawResponse(status, timedOut ? 'REQUEST_TIMEOUT' : 'INVALID_REQUEST'));
  }
  socket.destroy(error);
}

/**
 * The server's time-outs: the whole request (headers and body) must arrive within
 * REQUEST_TIMEOUT_SECONDS, or it gets 408 and the socket closes, on every route (uploads and
 * the unauthenticated webhook included). Idle sockets are Node's: headers within
 * min(60 s, the request time-out), the next request on a kept-alive one within 72 s (Fastify's).
 */
export function requestTimeoutOptions(limits: LimitsConfig['http']): {
  requestTimeout: number;
  http: ServerOptions;
  clientErrorHandler: NonNullable<FastifyServerOptions['clientErrorHandler']>;
} {
  const requestTimeout = limits.requestTimeoutMs;
  return {
    requestTimeout,
    http: {
      requestTimeout,
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeout),
      connectionsCheckingInterval: CHECK_INTERVAL_MS,
    },
    clientErrorHandler,
  };
}
