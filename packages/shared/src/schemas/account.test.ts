import { describe, expect, it } from 'vitest';
import { changeEmailBodySchema, deleteAccountBodySchema, meResponseSchema } from './account';

const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('changeEmailBodySchema', () => {
  it('asks to fill in all fields when one is empty or missing', () => {
    expect(
      firstIssue(changeEmailBodySchema.safeParse({ currentPassword: '', newEmail: 'a@b.co' })),
    ).toBe('FILL_ALL_FIELDS');
    expect(
      firstIssue(changeEmailBodySchema.safeParse({ currentPassword: 'pw', newEmail: '  ' })),
    ).toBe('FILL_ALL_FIELDS');
    expect(firstIssue(changeEmailBodySchema.safeParse({}))).toBe('FILL_ALL_FIELDS');
  });

  it('names an invalid email', () => {
    expect(
      firstIssue(changeEmailBodySchema.safeParse({ currentPassword: 'pw', newEmail: 'nope' })),
    ).toBe('INVALID_EMAIL');
  });

  it('trims and lower-cases the new email', () => {
    expect(
      changeEmailBodySchema.parse({ currentPassword: 'pw', newEmail: ' Ada@Example.COM ' }),
    ).toEqual({
      currentPassword: 'pw',
      newEmail: 'ada@example.com',
    });
  });
});

describe('deleteAccountBodySchema', () => {
  it('requires the password', () => {
    expect(firstIssue(deleteAccountBodySchema.safeParse({ password: '' }))).toBe('FILL_ALL_FIELDS');
    expect(deleteAccountBodySchema.parse({ password: 'pw' })).toEqual({ password: 'pw' });
  });
});

describe('meResponseSchema', () => {
  it('accepts the /api/me shape', () => {
    const me = {
      user: { id: 'u1', email: 'a@b.co', name: 'A', emailVerified: true },
      settings: {
        email: 'a@b.co',
        displayName: 'A',
        credits: 5,
        totalOperations: 0,
        operationsThisMonth: 0,
        subscriptionStatus: 'free',
        createdAt: '2026-01-01T00:00:00.000Z',
      },
      team: { ownerName: 'Olive', role: 'member' },
    };
    expect(meResponseSchema.parse(me)).toEqual(me);
  });
});
