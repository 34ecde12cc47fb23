import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mayReadPast } from './mayReadPast.ts';
import { canRead, canWrite, type AccessObject, type AccessSubject } from './permissions.ts';

/** Properties of the access rule over arbitrary members and contributions (issue 22 §1). */

const ids = ['a', 'b', 'c', 'd', 'e'] as const;
const authorId = fc.constantFrom(...ids);
const subject: fc.Arbitrary<AccessSubject> = fc.record({ authorId: fc.option(authorId, { nil: null }), isManager: fc.boolean() });
const member: fc.Arbitrary<AccessSubject> = fc.record({ authorId, isManager: fc.constant(false) });
const permission = fc.constantFrom('private', 'protected', 'public', 'odd');
const object: fc.Arbitrary<AccessObject> = fc.record({
  permission,
  authors: fc.uniqueArray(authorId, { minLength: 1, maxLength: 3 }),
  groupMembers: fc.uniqueArray(authorId, { maxLength: 3 }),
});
const insider = (s: AccessSubject, o: AccessObject): boolean =>
  s.authorId !== null && (o.authors.includes(s.authorId) || (o.groupMembers ?? []).includes(s.authorId));

describe('canRead and canWrite (property)', () => {
  it('never lets a non-author, non-group-member, non-manager read a private contribution', () => {
    fc.assert(
      fc.property(member, object, (s, o) => {
        fc.pre(!insider(s, o));
        expect(canRead(s, { ...o, permission: 'private' })).toBe(false);
        expect(canWrite(s, { ...o, permission: 'private' })).toBe(false);
      }),
    );
  });

  it('lets authors and group members read and write whatever the permission', () => {
    fc.assert(fc.property(subject, object, (s, o) => !insider(s, o) || (canRead(s, o) && canWrite(s, o))));
  });

  it('lets managers (and admins) read and write everything', () => {
    fc.assert(fc.property(subject, object, (s, o) => canRead({ ...s, isManager: true }, o) && canWrite({ ...s, isManager: true }, o)));
  });

  it('never lets anyone write what they may not read', () => {
    fc.assert(fc.property(subject, object, (s, o) => !canWrite(s, o) || canRead(s, o)));
  });

  it('opens protected contributions to every reader and public ones to every writer', () => {
    fc.assert(
      fc.property(subject, object, (s, o) => {
        expect(canRead(s, { ...o, permission: 'protected' })).toBe(true);
        expect(canWrite(s, { ...o, permission: 'protected' })).toBe(s.isManager || insider(s, o));
        expect(canWrite(s, { ...o, permission: 'public' })).toBe(true);
      }),
    );
  });

  it('grants nothing beyond insiders for an unknown permission', () => {
    fc.assert(fc.property(subject, object, (s, o) => canRead(s, { ...o, permission: 'odd' }) === (s.isManager || insider(s, o))));
  });

  it('an outsider (no author id) reads only what is open to the community', () => {
    fc.assert(
      fc.property(
        object,
        (o) => canRead({ authorId: null, isManager: false }, o) === (o.permission === 'protected' || o.permission === 'public'),
      ),
    );
  });
});

describe('mayReadPast (property)', () => {
  it('implies reading the state then as then, the state then as now, and the state now as now', () => {
    fc.assert(
      fc.property(subject, subject, object, object, (then, now, stateThen, stateNow) => {
        fc.pre(mayReadPast({ then, now }, stateThen, stateNow));
        expect(canRead(then, stateThen)).toBe(true);
        expect(canRead(now, stateThen)).toBe(true);
        expect(canRead(now, stateNow)).toBe(true);
      }),
    );
  });

  it('at the present instant is the canvas rule: the past of now is what can be read now', () => {
    fc.assert(fc.property(subject, object, (s, o) => mayReadPast({ then: s, now: s }, o, o) === canRead(s, o)));
  });

  it('shows nothing of a contribution that did not exist then or no longer exists', () => {
    fc.assert(
      fc.property(subject, subject, object, (then, now, state) => {
        expect(mayReadPast({ then, now }, null, state)).toBe(false);
        expect(mayReadPast({ then, now }, state, null)).toBe(false);
      }),
    );
  });

  it('never shows a private past to someone who was an outsider to it then, even if they are an insider now', () => {
    fc.assert(
      fc.property(member, object, object, (s, stateThen, stateNow) => {
        const privateThen = { ...stateThen, permission: 'private' };
        fc.pre(!insider(s, privateThen));
        expect(mayReadPast({ then: s, now: { ...s, isManager: true } }, privateThen, stateNow)).toBe(false);
      }),
    );
  });

  it('hides the whole past of a contribution made private since from those outside it now', () => {
    fc.assert(
      fc.property(subject, member, object, object, (then, now, stateThen, stateNow) => {
        const privateNow = { ...stateNow, permission: 'private' };
        fc.pre(!insider(now, privateNow));
        expect(mayReadPast({ then, now }, stateThen, privateNow)).toBe(false);
      }),
    );
  });
});
