import { describe, expect, it } from 'vitest';
import { kindOfLink, notificationId, recipientsOf, type Candidate } from './recipients.ts';

const pupil: Candidate = { authorId: 'a1', userId: 'u1', role: 'writer' };
const coauthor: Candidate = { authorId: 'a2', userId: 'u2', role: 'writer' };
const teacher: Candidate = { authorId: 'a3', userId: 'u3', role: 'manager' };

describe('who is notified', () => {
  it('tells each author once, never the actor', () => {
    const opened = { permission: 'protected', authors: ['a9'] };
    expect(recipientsOf([pupil, coauthor, pupil], 'u2', opened).map((c) => c.userId)).toEqual(['u1']);
  });

  it('tells only who may read what the notification opens (a private note: its authors, group and managers)', () => {
    const privateNote = { permission: 'private', authors: ['a9'], groupMembers: ['a2'] };
    expect(recipientsOf([pupil, coauthor, teacher], null, privateNote).map((c) => c.userId)).toEqual(['u2', 'u3']);
  });

  it('leaves out a member whose login is blocked', () => {
    expect(recipientsOf([{ ...pupil, blockLogin: true }], null, { permission: 'public', authors: [] })).toEqual([]);
  });

  it('names a notification by its kind, cause, note and recipient', () => {
    expect(notificationId('buildon', 'c1', 'n1', 'u1')).toBe('buildon:c1:n1:u1');
  });

  it('raises for build-ons, references and annotations only', () => {
    expect(kindOfLink('buildson', 'Note')).toBe('buildon');
    expect(kindOfLink('references', 'Note')).toBe('reference');
    expect(kindOfLink('annotates', 'Annotation')).toBe('annotation');
    expect(kindOfLink('contains', 'View')).toBeNull();
  });
});
