import { inviteRoles, type InviteRole, type TeamMember, type TeamRole } from '@reframe/shared';

/**
 * What the Team screen offers each role (issue 26); the server checks the same rules on every
 * route, so these only decide which buttons show.
 */
export function canManageInvites(role: TeamRole): boolean {
  return role === 'owner' || role === 'admin';
}

/** The owner removes anyone but themself; an admin removes plain members only. */
export function canRemove(viewer: { role: TeamRole; userId: string }, member: TeamMember): boolean {
  if (member.userId === viewer.userId || member.role === 'owner') return false;
  if (viewer.role === 'owner') return true;
  return viewer.role === 'admin' && member.role === 'member';
}

/** Only the owner changes roles, and never their own. */
export function canChangeRole(viewer: { role: TeamRole; userId: string }, member: TeamMember) {
  return viewer.role === 'owner' && member.role !== 'owner';
}

/** Members and admins may leave; the owner's team ends with their Expert plan. */
export function canLeave(role: TeamRole): boolean {
  return role !== 'owner';
}

/** A select's value as a role an invitation or a role change may give. */
export function isInviteRole(value: string): value is InviteRole {
  return (inviteRoles as readonly string[]).includes(value);
}
