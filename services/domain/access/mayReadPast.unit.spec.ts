import { describe, expect, it } from 'vitest';
import type { AccessObject, AccessSubject } from '../../../contracts/permissions.ts';
import { mayReadPast } from './mayReadPast.ts';

const pupil: AccessSubject = { authorId: 'pupil', isManager: false };
const classmate: AccessSubject = { authorId: 'classmate', isManager: false };
const teacher: AccessSubject = { authorId: 'teacher', isManager: true };
const demoted: AccessSubject = { authorId: 'teacher', isManager: false };

const note = (permission: string, authors: string[] = ['pupil'], groupMembers: string[] = []): AccessObject => ({
  permission,
  authors,
  groupMembers,
});
const open = note('public');
const closed = note('private');

describe('mayReadPast', () => {
  it('shows a public past of a public note to a classmate, and everything to its author and a manager', () => {
    expect(mayReadPast({ then: classmate, now: classmate }, open, open)).toBe(true);
    expect(mayReadPast({ then: pupil, now: pupil }, closed, closed)).toBe(true);
    expect(mayReadPast({ then: teacher, now: teacher }, closed, closed)).toBe(true);
  });

  it('hides every past state of a note made private later from a classmate', () => {
    expect(mayReadPast({ then: classmate, now: classmate }, open, closed)).toBe(false);
    expect(mayReadPast({ then: classmate, now: classmate }, note('protected'), closed)).toBe(false);
  });

  it('hides the private era of a note made public later from a classmate, not what came after', () => {
    expect(mayReadPast({ then: classmate, now: classmate }, closed, open)).toBe(false);
    expect(mayReadPast({ then: classmate, now: classmate }, open, open)).toBe(true);
  });

  it('hides from a demoted manager what only managers could read then, whatever the note is now', () => {
    expect(mayReadPast({ then: teacher, now: demoted }, closed, closed)).toBe(false);
    expect(mayReadPast({ then: teacher, now: demoted }, closed, open)).toBe(false);
    expect(mayReadPast({ then: teacher, now: demoted }, open, open)).toBe(true);
  });

  it('hides from a promoted writer what they could not read before the promotion', () => {
    expect(mayReadPast({ then: classmate, now: { authorId: 'classmate', isManager: true } }, closed, closed)).toBe(false);
  });

  it('shows someone who was not a member then only what was open to the community, and no past of a contribution that no longer exists', () => {
    const outsider: AccessSubject = { authorId: null, isManager: false };
    expect(mayReadPast({ then: outsider, now: classmate }, open, open)).toBe(true);
    expect(mayReadPast({ then: outsider, now: classmate }, note('private', ['classmate']), note('private', ['classmate']))).toBe(false);
    expect(mayReadPast({ then: classmate, now: classmate }, open, null)).toBe(false);
    expect(mayReadPast({ then: classmate, now: classmate }, null, open)).toBe(false);
  });

  it('follows the group then and now: a member who joined later does not see the group-only past', () => {
    const groupThen = note('private', ['pupil'], ['pupil']);
    const groupNow = note('private', ['pupil'], ['pupil', 'classmate']);
    expect(mayReadPast({ then: classmate, now: classmate }, groupThen, groupNow)).toBe(false);
    expect(mayReadPast({ then: classmate, now: classmate }, groupNow, groupNow)).toBe(true);
    // Removed from the group since: nothing of the group-only past.
    expect(mayReadPast({ then: classmate, now: classmate }, groupNow, groupThen)).toBe(false);
  });
});
