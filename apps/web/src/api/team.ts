import {
  createInviteResponseSchema,
  invitationSchema,
  teamResponseSchema,
  teamViewSchema,
  type CreateInviteBody,
  type Invitation,
  type InviteRole,
  type TeamInvite,
  type TeamResponse,
  type TeamView,
} from '@reframe/shared';
import { apiFetch } from './http';

export const teamQueryKey = ['team'] as const;

/** GET /api/team: the viewer's team, or `{ team: null, eligible }`. */
export async function fetchTeam(): Promise<TeamResponse> {
  return teamResponseSchema.parse(await apiFetch<unknown>('/api/team'));
}

/** POST /api/team/invites: mails an invitation link to the address. */
export async function createInvite(body: CreateInviteBody): Promise<TeamInvite> {
  return createInviteResponseSchema.parse(
    await apiFetch<unknown>('/api/team/invites', 'POST', body),
  ).invite;
}

export async function revokeInvite(id: string): Promise<void> {
  await apiFetch<unknown>(`/api/team/invites/${encodeURIComponent(id)}`, 'DELETE');
}

export async function removeMember(userId: string): Promise<void> {
  await apiFetch<unknown>(`/api/team/members/${encodeURIComponent(userId)}`, 'DELETE');
}

export async function changeRole(userId: string, role: InviteRole): Promise<TeamView> {
  return teamViewSchema.parse(
    await apiFetch<unknown>(`/api/team/members/${encodeURIComponent(userId)}`, 'PATCH', { role }),
  );
}

export async function leaveTeam(): Promise<void> {
  await apiFetch<unknown>('/api/team/leave', 'POST');
}

/** GET /api/team/invitation: who invited the viewer, to which address and with what role. */
export async function fetchInvitation(token: string): Promise<Invitation> {
  const params = new URLSearchParams({ token });
  return invitationSchema.parse(await apiFetch<unknown>(`/api/team/invitation?${params}`));
}

export async function joinTeam(token: string): Promise<TeamView> {
  return teamViewSchema.parse(await apiFetch<unknown>('/api/team/join', 'POST', { token }));
}
