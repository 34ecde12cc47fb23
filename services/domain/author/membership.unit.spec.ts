import { describe, expect, it } from 'vitest';
import { ConflictError, ValidationError } from '../../core/errors.ts';
import { checkRoleChange, isOwnPupil, memberAsSeenBy, nameProblems, roleForKey } from './membership.ts';

const community = { registrationKey: 'writers-key', managerRegistrationKey: 'managers-key' };

describe('roleForKey', () => {
  it('gives the writer role for the writer key and the manager role for the manager key', () => {
    expect(roleForKey('writers-key', community)).toBe('writer');
    expect(roleForKey('managers-key', community)).toBe('manager');
  });

  it('gives nothing for a wrong or empty key, even when a key of the community is empty', () => {
    expect(roleForKey('guess', community)).toBeNull();
    expect(roleForKey('', { registrationKey: '', managerRegistrationKey: '' })).toBeNull();
  });

  it('prefers the writer role when both keys are the same', () => {
    expect(roleForKey('same', { registrationKey: 'same', managerRegistrationKey: 'same' })).toBe('writer');
  });
});

describe('checkRoleChange', () => {
  const change =
    (overrides: Partial<Parameters<typeof checkRoleChange>[0]> = {}) =>
    () =>
      checkRoleChange({
        target: { role: 'manager', userId: 'u2' },
        role: 'writer',
        callerUserId: 'u1',
        ownerUserId: 'u0',
        managerCount: 3,
        ...overrides,
      });

  it('lets a manager demote another manager while managers remain', () => {
    expect(change()).not.toThrow();
  });

  it('lets a manager promote a writer', () => {
    expect(change({ target: { role: 'writer', userId: 'u2' }, role: 'manager', managerCount: 1 })).not.toThrow();
  });

  it('refuses a change to the role the author already has (409)', () => {
    expect(change({ target: { role: 'writer', userId: 'u2' } })).toThrow(ConflictError);
    expect(change({ role: 'manager' })).toThrow(ConflictError);
  });

  it('refuses demoting oneself or the owner', () => {
    expect(change({ target: { role: 'manager', userId: 'u1' } })).toThrow(ValidationError);
    expect(change({ target: { role: 'manager', userId: 'u0' } })).toThrow(ValidationError);
  });

  it('keeps at least one manager', () => {
    expect(change({ managerCount: 1 })).toThrow(ValidationError);
  });
});

describe('isOwnPupil', () => {
  const pupil = {
    communityId: 'c1',
    targetRole: 'writer' as const,
    user: { role: 'user', provider: 'csv', createdInCommunity: 'c1' },
    membershipCommunityIds: ['c1'],
  };

  it("is a writer of this community only, made here or by registering, who is not an admin nor the operator's", () => {
    expect(isOwnPupil(pupil)).toBe(true);
    expect(isOwnPupil({ ...pupil, user: { role: 'user', provider: 'local' } })).toBe(true);
  });

  it('is not a manager, an admin or an account made by the operator', () => {
    expect(isOwnPupil({ ...pupil, targetRole: 'manager' })).toBe(false);
    expect(isOwnPupil({ ...pupil, user: { ...pupil.user, role: 'admin' } })).toBe(false);
    expect(isOwnPupil({ ...pupil, user: { ...pupil.user, provider: 'operator' } })).toBe(false);
  });

  it("is not another community's pupil: made by its CSV, or a member there too", () => {
    expect(isOwnPupil({ ...pupil, user: { ...pupil.user, createdInCommunity: 'c2' } })).toBe(false);
    expect(isOwnPupil({ ...pupil, membershipCommunityIds: ['c1', 'c2'] })).toBe(false);
  });
});

describe('nameProblems', () => {
  it('requires both names, blank ones counting as missing', () => {
    expect(nameProblems('Ada', 'Lovelace')).toEqual({});
    expect(Object.keys(nameProblems(' ', 'Lovelace'))).toEqual(['firstName']);
    expect(Object.keys(nameProblems('', ''))).toEqual(['firstName', 'lastName']);
  });
});

describe('memberAsSeenBy', () => {
  const member = { userId: 'u2', email: 'u2@example.org', firstName: 'Bo' };

  it("hides a classmate's e-mail from a writer", () => {
    expect(memberAsSeenBy(member, { userId: 'u1', isManager: false })).toEqual({ ...member, email: '' });
  });

  it('shows a writer their own e-mail and managers everyone’s', () => {
    expect(memberAsSeenBy(member, { userId: 'u2', isManager: false })).toEqual(member);
    expect(memberAsSeenBy(member, { userId: 'm1', isManager: true })).toEqual(member);
  });
});
