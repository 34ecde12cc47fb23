import { describe, expect, it } from 'vitest';
import { peopleOf, pseudonymWith, type HmacSha256 } from './pseudonyms.ts';

/** A stand-in for HMAC-SHA256 (the domain imports no Node built-in; services/api/research/pseudonymOf.unit.spec.ts checks Node's). */
const fakeHmac: HmacSha256 = (key, message) => {
  let h = 0;
  for (const ch of `${key}|${message}`) h = (Math.imul(h, 31) + ch.charCodeAt(0)) >>> 0;
  return h.toString(16).padStart(8, '0').repeat(8);
};
const pseudonymOf = (key: string, userId: string) => pseudonymWith(fakeHmac, key, userId);

const members = [
  { _id: 'a'.repeat(24), userId: 'u'.repeat(24) },
  { _id: 'b'.repeat(24), userId: 'v'.repeat(24) },
];
const people = (pseudonymise: boolean, key = 's3cret', list = members) =>
  peopleOf({ pseudonymOf: (userId) => pseudonymOf(key, userId), members: list, pseudonymise });

describe('research pseudonyms (issue 24 §5)', () => {
  it('gives one person one stable pseudonym, by author or user id, the same in every community of a study, different per secret', () => {
    const p = people(true);
    expect(p.idOf('a'.repeat(24))).toMatch(/^P-[0-9a-f]{12}$/);
    expect(p.idOf('u'.repeat(24))).toBe(p.idOf('a'.repeat(24)));
    expect(p.idOf('b'.repeat(24))).not.toBe(p.idOf('a'.repeat(24)));
    expect(people(true).idOf('a'.repeat(24))).toBe(p.idOf('a'.repeat(24)));
    expect(people(true, 'other').idOf('a'.repeat(24))).not.toBe(p.idOf('a'.repeat(24)));
    // The same user in another community (another membership id): the same person, the same pseudonym.
    const elsewhere = people(true, 's3cret', [{ _id: 'd'.repeat(24), userId: 'u'.repeat(24) }]);
    expect(elsewhere.idOf('d'.repeat(24))).toBe(p.idOf('a'.repeat(24)));
    expect(pseudonymOf('s3cret', 'u'.repeat(24))).toBe(p.idOf('a'.repeat(24)));
    // Not a person: unchanged. An actor who is no member now (an admin): still a pseudonym.
    expect(p.idOf('note-id')).toBe('note-id');
    expect(p.personOf('z'.repeat(24))).toMatch(/^P-/);
  });

  it('cleans event data: credentials gone for everyone, ids and names replaced for researchers, at any depth', () => {
    const data = {
      authorId: 'a'.repeat(24),
      userId: 'u'.repeat(24),
      userName: 'alice',
      firstName: 'Alice',
      lastName: 'Liddell',
      email: 'alice@example.org',
      registrationKey: 'writer-key',
      managerRegistrationKey: 'manager-key',
      passwordHash: '$argon2id$...',
      nested: { authors: ['b'.repeat(24), 'note'], deep: [[{ blobKey: 'k', token: 't' }]] },
    };
    const researcher = JSON.stringify(people(true).clean(data));
    for (const gone of [
      'alice',
      'Alice',
      'Liddell',
      'example.org',
      'writer-key',
      'manager-key',
      'argon2',
      'blobKey',
      '"token"',
      'a'.repeat(24),
      'u'.repeat(24),
      'b'.repeat(24),
    ]) {
      expect(researcher).not.toContain(gone);
    }
    expect(researcher).toContain('"note"');
    const manager = people(false).clean(data);
    expect(manager).toMatchObject({ authorId: 'a'.repeat(24), firstName: 'Alice', nested: { authors: ['b'.repeat(24), 'note'] } });
    expect(JSON.stringify(manager)).not.toMatch(/example\.org|writer-key|manager-key|argon2|blobKey/);
    // The input is not changed.
    expect(data.email).toBe('alice@example.org');
  });

  it('walks a deeply nested body without overflowing', () => {
    let body: Record<string, unknown> = { type: 'text', text: 'x', authorId: 'a'.repeat(24) };
    for (let i = 0; i < 20_000; i++) body = { type: 'blockquote', content: [body] };
    expect(() => people(true).clean(body)).not.toThrow();
  });
});
