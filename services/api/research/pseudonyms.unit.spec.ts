import { describe, expect, it } from 'vitest';
import { peopleOf, pseudonymFor } from './pseudonyms.ts';

const members = [
  { _id: 'a'.repeat(24), userId: 'u'.repeat(24) },
  { _id: 'b'.repeat(24), userId: 'v'.repeat(24) },
];
const people = (pseudonymise: boolean, secret = 's3cret', communityId = 'c'.repeat(24)) =>
  peopleOf({ secret, communityId, members, pseudonymise });

describe('research pseudonyms (issue 24 §5)', () => {
  it('gives one person one stable pseudonym, by author or user id, different per community and secret', () => {
    const p = people(true);
    expect(p.idOf('a'.repeat(24))).toMatch(/^P-[0-9a-f]{12}$/);
    expect(p.idOf('u'.repeat(24))).toBe(p.idOf('a'.repeat(24)));
    expect(p.idOf('b'.repeat(24))).not.toBe(p.idOf('a'.repeat(24)));
    expect(people(true).idOf('a'.repeat(24))).toBe(p.idOf('a'.repeat(24)));
    expect(people(true, 'other').idOf('a'.repeat(24))).not.toBe(p.idOf('a'.repeat(24)));
    expect(people(true, 's3cret', 'd'.repeat(24)).idOf('a'.repeat(24))).not.toBe(p.idOf('a'.repeat(24)));
    expect(pseudonymFor('s3cret', 'c'.repeat(24), 'a'.repeat(24))).toBe(p.idOf('a'.repeat(24)));
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
