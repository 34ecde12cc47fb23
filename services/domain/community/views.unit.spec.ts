import { describe, expect, it } from 'vitest';
import { mayEditView, mayReadView } from './views.ts';

const writer = { isManager: false, authorId: 'a2' };
const manager = { isManager: true, authorId: 'm1' };
const view = (permission: string) => ({ permission, authors: ['a1'] });

describe('mayReadView', () => {
  it.each(['public', 'protected'])('lets every member read a %s view', (permission) => {
    expect(mayReadView(writer, view(permission))).toBe(true);
  });

  it('keeps a private view to its authors, group members and managers', () => {
    expect(mayReadView(writer, view('private'))).toBe(false);
    expect(mayReadView({ isManager: false, authorId: 'a1' }, view('private'))).toBe(true);
    expect(mayReadView(writer, view('private'), ['a2'])).toBe(true);
    expect(mayReadView(manager, view('private'))).toBe(true);
    expect(mayReadView({ isManager: false, authorId: null }, view('private'))).toBe(false);
  });
});

describe('mayEditView', () => {
  it('lets every member edit a public view', () => {
    expect(mayEditView(writer, view('public'))).toBe(true);
  });

  it('keeps a protected or private view to its authors, group members and managers', () => {
    for (const permission of ['protected', 'private']) {
      expect(mayEditView(writer, view(permission))).toBe(false);
      expect(mayEditView(writer, view(permission), ['a2'])).toBe(true);
      expect(mayEditView({ isManager: false, authorId: 'a1' }, view(permission))).toBe(true);
      expect(mayEditView(manager, view(permission))).toBe(true);
    }
  });
});
