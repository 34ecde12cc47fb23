import { describe, expect, it } from 'vitest';
import { claimGraceMs, claimStillHeld, isSelfLockout, operatorAdminEmail } from './account.ts';

describe('claimStillHeld', () => {
  const now = new Date('2026-01-01T12:00:00.000Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it('holds the name for a registered owner, however old the claim', () => {
    expect(claimStillHeld({ ownerRegistered: true, claimedAt: ago(10 * claimGraceMs), now })).toBe(true);
  });

  it('holds the name during the grace period for a registration still in flight', () => {
    expect(claimStillHeld({ ownerRegistered: false, claimedAt: ago(claimGraceMs - 1), now })).toBe(true);
  });

  it('lets an abandoned claim be taken over after the grace period', () => {
    expect(claimStillHeld({ ownerRegistered: false, claimedAt: ago(claimGraceMs), now })).toBe(false);
  });
});

describe('isSelfLockout', () => {
  it('forbids an admin demoting or blocking themselves', () => {
    expect(isSelfLockout('u1', 'u1', { role: 'user' })).toBe(true);
    expect(isSelfLockout('u1', 'u1', { blockLogin: true })).toBe(true);
  });

  it('allows other changes to oneself and any change to someone else', () => {
    expect(isSelfLockout('u1', 'u1', { role: 'admin', blockLogin: false })).toBe(false);
    expect(isSelfLockout('u1', 'u2', { role: 'user', blockLogin: true })).toBe(false);
    expect(isSelfLockout(null, 'u1', { role: 'user' })).toBe(false);
  });
});

describe('operatorAdminEmail', () => {
  it("keeps the user name's safe characters, lower-cased, at localhost", () => {
    expect(operatorAdminEmail('Root.Admin_1')).toBe('root.admin_1@localhost.localdomain');
    expect(operatorAdminEmail('é <x>@y')).toBe('xy@localhost.localdomain');
  });
});
