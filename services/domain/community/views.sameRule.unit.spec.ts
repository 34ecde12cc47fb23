import { describe, expect, it } from 'vitest';
import { canRead, canWrite } from '../access/permissions.ts';
import { mayEditView, mayReadView } from './views.ts';

/**
 * The view list (GET /api/communities/{id}/views, the view page) and the canvas must apply the
 * same rule: a view the list lets a pupil open, the canvas must let him read, and the other way
 * round. The list had its own copy, which let everyone read a view whose permission was neither
 * private, protected nor public (the rule grants such a view to its insiders only).
 */
describe('the view list applies the one access rule', () => {
  const readers = [
    { isManager: false, authorId: 'a1' },
    { isManager: false, authorId: 'a2' },
    { isManager: false, authorId: null },
    { isManager: true, authorId: null },
  ];
  for (const permission of ['private', 'protected', 'public', 'group', '', 'Private']) {
    for (const groupMembers of [[], ['a2']]) {
      it(`permission '${permission}', group ${JSON.stringify(groupMembers)}`, () => {
        const view = { permission, authors: ['a1'] };
        for (const reader of readers) {
          const object = { ...view, groupMembers };
          expect(mayReadView(reader, view, groupMembers), JSON.stringify(reader)).toBe(canRead(reader, object));
          expect(mayEditView(reader, view, groupMembers), JSON.stringify(reader)).toBe(canWrite(reader, object));
        }
      });
    }
  }

  it('refuses a writer outside a view whose permission is not one of the three', () => {
    expect(mayReadView({ isManager: false, authorId: 'a2' }, { permission: 'group', authors: ['a1'] })).toBe(false);
  });
});
