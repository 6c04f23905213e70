import { toApiError } from './api-error';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * Calls one of our own `/api` routes with the session cookie. A non-2xx answer becomes an
 * ApiError carrying the server's `{ code, message }`.
 */
export async function apiFetch<T>(
  path: string,
  method: Method = 'GET',
  body?: unknown,
): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const data = await readJson(response);
  if (!response.ok) throw toApiError(data as Record<string, unknown> | null, response.status);
  return data as T;
}
