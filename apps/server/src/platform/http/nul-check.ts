import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';

/** True when `value` is, or holds at any depth, a string with a NUL character. */
function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (Array.isArray(value)) return value.some(holdsNul);
  // Raw bodies (signed webhooks) are bytes, never looked up as text.
  if (ArrayBuffer.isView(value)) return false;
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).some(([key, inner]) => key.includes('\0') || holdsNul(inner));
  }
  return false;
}

/**
 * A NUL character in an id, a query or a field never reaches the database: PostgreSQL refuses it
 * in text (a 500) where SQLite looks it up and finds nothing. Every route's path parameters,
 * query and parsed body are checked once, before validation and the route's guards, and such a
 * request answers 400. Better Auth's routes take their body as text (auth.routes.ts), where a
 * JSON `\u0000` escape is refused too.
 */
export function registerNulCheck(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const { params, query, body } = request;
    const refused =
      holdsNul(params) ||
      holdsNul(query) ||
      (typeof body === 'string' ? /\0|\\u0000/i.test(body) : holdsNul(body));
    done(refused ? new AppError('INVALID_REQUEST', 400) : undefined);
  });
}
