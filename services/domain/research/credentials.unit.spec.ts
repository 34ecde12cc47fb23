import { describe, expect, it } from 'vitest';
import { credentialStripper, passwordResetMarker } from './credentials.ts';

const stripper = () => {
  let n = 0;
  return credentialStripper(() => `fresh-${++n}`);
};

describe('credentialStripper', () => {
  it('replaces password hashes by the marker and empties e-mails, keeping names', () => {
    const s = stripper();
    const registered = s.strip('UserRegistered', {
      userId: 'u1',
      userName: 'alice',
      firstName: 'Alice',
      lastName: 'Martin',
      email: 'alice@example.org',
      passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$abc$def',
    });
    expect(registered).toMatchObject({
      userName: 'alice',
      firstName: 'Alice',
      lastName: 'Martin',
      email: '',
      passwordHash: passwordResetMarker,
    });
    expect(s.strip('UserPasswordChanged', { userId: 'u1', passwordHash: '$argon2id$x', by: 'self' }).passwordHash).toBe(
      passwordResetMarker,
    );
    expect(s.strip('UserProfileUpdated', { userId: 'u1', email: 'new@example.org', firstName: 'Al' })).toEqual({
      userId: 'u1',
      email: '',
      firstName: 'Al',
    });
    expect(s.strip('AuthorJoined', { authorId: 'a1', email: 'alice@example.org', firstName: 'Alice' })).toEqual({
      authorId: 'a1',
      email: '',
      firstName: 'Alice',
    });
    expect(s.strip('FeedbackSent', { from: 'alice@example.org', content: 'Hello' })).toEqual({ from: '', content: 'Hello' });
    expect(s.stats()).toEqual({ passwordHashes: 2, emails: 4, registrationKeys: 0, sessionTokens: 0, usersWithoutPassword: 1 });
  });

  it('gives each registration key one fresh replacement, and session tokens random ids', () => {
    const s = stripper();
    const created = s.strip('CommunityCreated', {
      communityId: 'c',
      title: 'T',
      registrationKey: 'writer-key',
      managerRegistrationKey: 'manager-key',
    });
    expect(created).toMatchObject({ title: 'T', registrationKey: 'fresh-1', managerRegistrationKey: 'fresh-2' });
    expect(s.strip('CommunityUpdated', { communityId: 'c', registrationKey: 'writer-key' }).registrationKey).toBe('fresh-1');
    expect(s.strip('CommunityUpdated', { communityId: 'c', title: 'New' })).toEqual({ communityId: 'c', title: 'New' });
    expect(s.strip('UserSessionEnded', { userId: 'u', tokenId: 'tok', expiresAt: 'x' }).tokenId).toBe('fresh-3');
    expect(s.stats()).toMatchObject({ registrationKeys: 2, sessionTokens: 1 });
  });

  it('leaves other events as they are', () => {
    const data = { contributionId: 'n', title: 'alice@example.org' };
    expect(stripper().strip('NoteSaved', data)).toBe(data);
  });
});
