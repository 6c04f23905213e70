import { describe, expect, it } from 'vitest';
import type { TeamMember, TeamRole } from '@reframe/shared';
import { canChangeRole, canLeave, canManageInvites, canRemove } from './team-permissions';

function member(userId: string, role: TeamRole): TeamMember {
  return { userId, name: userId, email: `${userId}@example.com`, role, creditsUsedThisMonth: 0 };
}

const owner = member('owner', 'owner');
const admin = member('admin', 'admin');
const otherAdmin = member('admin2', 'admin');
const plain = member('plain', 'member');
const otherPlain = member('plain2', 'member');

describe('team permissions', () => {
  it('lets the owner and admins manage invitations, not members', () => {
    expect(canManageInvites('owner')).toBe(true);
    expect(canManageInvites('admin')).toBe(true);
    expect(canManageInvites('member')).toBe(false);
  });

  it('lets the owner remove anyone but themself', () => {
    const viewer = { role: 'owner' as const, userId: 'owner' };
    expect([owner, admin, plain].map((m) => canRemove(viewer, m))).toEqual([false, true, true]);
  });

  it('lets an admin remove plain members only', () => {
    const viewer = { role: 'admin' as const, userId: 'admin' };
    expect([owner, admin, otherAdmin, plain].map((m) => canRemove(viewer, m))).toEqual([
      false,
      false,
      false,
      true,
    ]);
  });

  it('lets a plain member remove no one', () => {
    const viewer = { role: 'member' as const, userId: 'plain' };
    expect([owner, admin, plain, otherPlain].map((m) => canRemove(viewer, m))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('lets only the owner change roles, never the owner role', () => {
    const asOwner = { role: 'owner' as const, userId: 'owner' };
    const asAdmin = { role: 'admin' as const, userId: 'admin' };
    expect(canChangeRole(asOwner, plain)).toBe(true);
    expect(canChangeRole(asOwner, owner)).toBe(false);
    expect(canChangeRole(asAdmin, plain)).toBe(false);
    expect(canChangeRole(asAdmin, admin)).toBe(false);
  });

  it('lets members and admins leave, not the owner', () => {
    expect(canLeave('owner')).toBe(false);
    expect(canLeave('admin')).toBe(true);
    expect(canLeave('member')).toBe(true);
  });
});
