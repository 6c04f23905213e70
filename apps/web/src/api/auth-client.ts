import { createAuthClient } from 'better-auth/react';
import { toApiError } from './api-error';

/** better-auth's browser client, same origin, mounted by the server at /api/auth. */
export const authClient = createAuthClient({ basePath: '/api/auth' });

interface AuthResult<T> {
  data: T | null;
  error: { code?: string; message?: string; status: number } | null;
}

/** Turns better-auth's `{ data, error }` answer into a value or a thrown ApiError. */
export async function unwrap<T>(call: Promise<AuthResult<T>>): Promise<T> {
  const { data, error } = await call;
  if (error) throw toApiError(error, error.status);
  return data as T;
}
