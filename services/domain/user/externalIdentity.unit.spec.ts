import { describe, expect, it } from 'vitest';
import { checkUserName } from '../../../contracts/messages.ts';
import { decideExternalIdentity, mayLinkByEmail, userNameBase, userNameCandidate } from './externalIdentity.ts';

const link = (userId: string) => ({
  type: 'LinkExternalIdentity' as const,
  data: { kind: 'oidc' as const, issuer: 'https://id.example', subject: 's1', userId, how: 'created' as const },
});

describe('external identities (issue 18 §1–2)', () => {
  it('names one user: the first link wins, a later one records nothing', () => {
    expect(decideExternalIdentity(link('u1'), { userId: null })).toEqual([{ type: 'ExternalIdentityLinked', data: link('u1').data }]);
    expect(decideExternalIdentity(link('u2'), { userId: 'u1' })).toEqual([]);
  });

  it('joins an existing account only by a verified e-mail that one account has', () => {
    expect(mayLinkByEmail({ email: 'a@b.c', emailVerified: true }, 1)).toBe(true);
    expect(mayLinkByEmail({ email: 'a@b.c', emailVerified: false }, 1)).toBe(false);
    expect(mayLinkByEmail({ email: 'a@b.c', emailVerified: true }, 2)).toBe(false);
    expect(mayLinkByEmail({ email: 'a@b.c', emailVerified: true }, 0)).toBe(false);
    expect(mayLinkByEmail({ email: null, emailVerified: true }, 1)).toBe(false);
  });

  it('makes a valid user name from the provider suggestion or the e-mail', () => {
    for (const identity of [
      { preferredUserName: 'lea.tremblay', email: null },
      { preferredUserName: 'Éloïse Côté', email: null },
      { preferredUserName: '', email: '2024-x@school.example' },
      { preferredUserName: '', email: 'z@school.example' },
      { preferredUserName: '日本', email: null },
      { preferredUserName: 'a'.repeat(80), email: null },
    ]) {
      const base = userNameBase(identity);
      expect(checkUserName(base), base).toBeNull();
      expect(checkUserName(userNameCandidate(base, 9)), base).toBeNull();
    }
    expect(userNameBase({ preferredUserName: 'Éloïse Côté', email: null })).toBe('EloiseCote');
    expect(userNameCandidate('marie', 0)).toBe('marie');
    expect(userNameCandidate('marie', 1)).toBe('marie2');
  });
});
