import { apiFetch } from './http';

export interface MeUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

/** The user's profile record (the brief's "user profile document"). */
export interface UserSettings {
  email: string;
  displayName: string;
  credits: number;
  totalOperations: number;
  operationsThisMonth: number;
  subscriptionStatus: string;
  createdAt: string;
}

export interface MeResponse {
  user: MeUser;
  settings: UserSettings;
}

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
