import { describe, expect, it } from 'vitest';
import { inheritedAccess } from './inheritance.ts';
import { accessObject, isAuthorOf, membersOfGroup } from './permissions.ts';
import { mayChangeViewSetting, mayDeleteView, mayReparentView, viewRights } from './viewRights.ts';

const writer = { authorId: 'w', isManager: false };
const author = { authorId: 'a', isManager: false };
const teacher = { authorId: 't', isManager: true };
const view = (permission: string, groupMembers: string[] = []) => {
  const doc = { permission, authors: ['a'], group: groupMembers.length > 0 ? 'g' : null };
  return { doc, object: accessObject(doc, groupMembers) };
};

describe('viewRights', () => {
  it('a protected view is read-only for a writer, editable for its author and a manager', () => {
    const { doc, object } = view('protected');
    expect(viewRights(writer, doc, object)).toEqual({ readable: true, editable: false, isViewAuthor: false });
    expect(viewRights(author, doc, object)).toEqual({ readable: true, editable: true, isViewAuthor: true });
    expect(viewRights(teacher, doc, object)).toEqual({ readable: true, editable: true, isViewAuthor: false });
  });

  it('a private view is closed to a writer outside its group and open to its group', () => {
    const { doc, object } = view('private', ['m']);
    expect(viewRights(writer, doc, object).readable).toBe(false);
    expect(viewRights({ authorId: 'm', isManager: false }, doc, object)).toEqual({ readable: true, editable: true, isViewAuthor: false });
  });

  it('a public view is editable by every member', () => {
    const { doc, object } = view('public');
    expect(viewRights(writer, doc, object).editable).toBe(true);
  });

  it('only managers and the view authors change its setting or delete it; only managers re-parent it', () => {
    const { doc, object } = view('public');
    for (const [who, may] of [
      [writer, false],
      [author, true],
      [teacher, true],
    ] as const) {
      const rights = viewRights(who, doc, object);
      expect(mayChangeViewSetting(who, rights)).toBe(may);
      expect(mayDeleteView(who, rights)).toBe(may);
    }
    expect(mayReparentView(author)).toBe(false);
    expect(mayReparentView(teacher)).toBe(true);
  });
});

describe('membersOfGroup and isAuthorOf', () => {
  it('reads the members of a group, ignoring malformed data', () => {
    expect(membersOfGroup({ data: { members: ['a', 3, 'b'] } })).toEqual(['a', 'b']);
    expect(membersOfGroup({ data: { members: 'a' } })).toEqual([]);
    expect(membersOfGroup(null)).toEqual([]);
    expect(membersOfGroup(undefined)).toEqual([]);
  });

  it('an admin who is not a member is nobody’s author', () => {
    expect(isAuthorOf({ authorId: null, isManager: true }, { authors: ['a'] })).toBe(false);
    expect(isAuthorOf(author, { authors: ['a'] })).toBe(true);
  });
});

describe('inheritedAccess', () => {
  const privateParent = { permission: 'private', group: 'g1' };
  const privateView = { permission: 'private', group: 'g2' };
  const open = { permission: 'protected', group: null };

  it('a build-on of a private note is private to the parent’s group', () => {
    expect(inheritedAccess('Note', privateParent, privateView)).toEqual({ permission: 'private', group: 'g1' });
  });

  it('a note made in a private view is private to the view’s group', () => {
    expect(inheritedAccess('Note', open, privateView)).toEqual({ permission: 'private', group: 'g2' });
    expect(inheritedAccess('Drawing', null, privateView)).toEqual({ permission: 'private', group: 'g2' });
  });

  it('otherwise notes are protected and views public', () => {
    expect(inheritedAccess('Note', open, open)).toEqual({ permission: 'protected', group: null });
    expect(inheritedAccess('Attachment', null, null)).toEqual({ permission: 'protected', group: null });
    expect(inheritedAccess('View', null, null)).toEqual({ permission: 'public', group: null });
  });
});
