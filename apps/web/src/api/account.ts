import type { MeResponse } from '@reframe/shared';
import { apiFetch } from './http';

export function fetchMe(): Promise<MeResponse> {
  return apiFetch<MeResponse>('/api/me');
}

/**
 * better-auth's own session check: 200 with `null` for a signed-out visitor, where /api/me
 * answers 401 (which the browser logs as a console error).
 */
export async function hasSession(): Promise<boolean> {
  return (await apiFetch<{ session: unknown } | null>('/api/auth/get-session')) !== null;
}

export function changeEmail(body: { currentPassword: string; newEmail: string }) {
  return apiFetch<{ message: string }>('/api/account/change-email', 'POST', body);
}

export function deleteAccount(body: { password: string }) {
  return apiFetch<unknown>('/api/account/delete', 'POST', body);
}
