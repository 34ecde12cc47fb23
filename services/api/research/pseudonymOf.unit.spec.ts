import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pseudonymiseCommunity, type SourceEvent } from '../../domain/research/pseudonymise.ts';
import { peopleOf, researchKey, withheldFields } from '../../domain/research/pseudonyms.ts';
import { pseudonymOf } from './pseudonymOf.ts';

describe("the one research pseudonym rule, with Node's HMAC (issue 24 §3, §5)", () => {
  it('is P- and the first 12 hex digits of HMAC-SHA256(key, user id)', () => {
    const expected = createHmac('sha256', 'study-one').update('1'.repeat(24)).digest('hex').slice(0, 12);
    expect(pseudonymOf('study-one', '1'.repeat(24))).toBe(`P-${expected}`);
    expect(pseudonymOf('study-two', '1'.repeat(24))).not.toBe(`P-${expected}`);
  });

  it('keys the API with the study secret when one is configured, else with one derived from the server secret', () => {
    expect(researchKey({ studySecret: 'study-one', serverSecret: 'server' })).toBe('study-one');
    for (const studySecret of [undefined, null, '']) {
      const key = researchKey({ studySecret, serverSecret: 'server' });
      expect(key).not.toBe('server');
      expect(key).toContain('server');
      expect(researchKey({ studySecret, serverSecret: 'other' })).not.toBe(key);
    }
  });

  it('gives a person the same pseudonym in a research export and in the API with the same study secret', () => {
    const [authorId, userId, communityId] = ['a'.repeat(24), '1'.repeat(24), 'c'.repeat(24)];
    const at = '2026-03-01T00:00:00.000Z';
    const joined: SourceEvent = {
      type: 'AuthorJoined',
      data: { authorId, userId, communityId, role: 'writer', userName: 'alice', firstName: 'Alice', lastName: 'L', email: 'a@x.org' },
      metadata: { actorId: userId, at },
      streamName: `author-${authorId}`,
      streamRevision: 0,
      globalPosition: 1,
      eventId: 'e1',
    };
    const exported = (secret: string) =>
      pseudonymiseCommunity([joined], { pseudonymOf: (id) => pseudonymOf(secret, id), includePrivate: false, maskNames: false }).lines[0]!;
    const line = exported('study-one');
    const key = researchKey({ studySecret: 'study-one', serverSecret: 'server' });
    const api = peopleOf({
      pseudonymOf: (id) => pseudonymOf(key, id),
      members: [{ _id: authorId, userId }],
      pseudonymise: true,
    });
    expect(line.metadata.actorId).toBe(api.idOf(authorId));
    expect(line.data).toMatchObject({ authorId: api.idOf(authorId), userId: api.idOf(userId), firstName: api.idOf(userId) });
    expect(api.clean(joined.data)).toMatchObject({ authorId: api.idOf(authorId), firstName: api.idOf(authorId) });
    // Stable across two exports; both drop the same withheld fields.
    expect(exported('study-one')).toEqual(line);
    expect(line.data).not.toHaveProperty('email');
    expect(api.clean(joined.data)).not.toHaveProperty('email');
    expect(withheldFields.has('email')).toBe(true);
  });
});
