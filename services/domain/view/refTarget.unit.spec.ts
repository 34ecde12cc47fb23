import { describe, expect, it } from 'vitest';
import { isOnCanvas, shapeRefTarget, type ShapedContribution } from './refTarget.ts';

const viewId = 'c'.repeat(24);
const note: ShapedContribution = {
  _id: 'n1',
  communityId: 'com',
  type: 'Note',
  title: 'Light',
  status: 'active',
  permission: 'protected',
  authors: ['a1', 'a2'],
  group: 'g1',
  data: { favAuthors: ['u1'], promisingContains: true, riseabove: { viewId } },
  created: '2026-01-01T00:00:00.000Z',
  modified: '2026-01-02T00:00:00.000Z',
};
const names = new Map([['a1', 'Ada Lovelace']]);
const inputs = { authorName: (id: string) => names.get(id) ?? '', groupTitle: 'Team', read: 'modified' as const };

describe('shapeRefTarget', () => {
  it('shows a reader the contribution with names, group, read state, favourite, rise-above and promising marks', () => {
    expect(shapeRefTarget(note, { authorId: 'a1', userId: 'u1' }, inputs)).toEqual({
      _id: 'n1',
      type: 'Note',
      title: 'Light',
      status: 'active',
      permission: 'protected',
      authors: ['a1', 'a2'],
      authorNames: ['Ada Lovelace', ''],
      group: 'g1',
      groupTitle: 'Team',
      created: note.created,
      modified: note.modified,
      langInNote: [],
      read: 'modified',
      byMe: true,
      favourite: true,
      riseaboveViewId: viewId,
      promising: true,
    });
  });

  it('is per reader: "by me" and favourite follow who reads', () => {
    const other = shapeRefTarget(note, { authorId: 'a9', userId: 'u9' }, inputs);
    expect(other.byMe).toBe(false);
    expect(other.favourite).toBe(false);
  });

  it('adds supports, translated titles, a drawing’s picture and an attachment’s file when there are some', () => {
    const multi = shapeRefTarget(
      { ...note, langInNote: ['en'], data: { en_title: 'Light (en)' } },
      { authorId: 'a1', userId: 'u1' },
      { ...inputs, supports: ['s1'] },
    );
    expect(multi.supports).toEqual(['s1']);
    expect(multi.titles).toEqual({ en: 'Light (en)' });
    expect(multi.riseaboveViewId).toBeNull();
    const drawing = shapeRefTarget(
      { ...note, type: 'Drawing' as const, data: { svg: '<svg/>' } },
      { authorId: 'a1', userId: 'u1' },
      inputs,
    );
    expect(drawing.svg).toBe('<svg/>');
    const file = { ...note, type: 'Attachment' as const, data: { url: '/f/1', type: 'image/png', version: 2, width: 30, height: 20 } };
    expect(shapeRefTarget(file, { authorId: 'a1', userId: 'u1' }, inputs).attachment).toEqual({
      url: '/f/1',
      mime: 'image/png',
      width: 30,
      height: 20,
    });
    const signed = shapeRefTarget(file, { authorId: 'a1', userId: 'u1' }, { ...inputs, imageUrl: (url, v) => `${url}?v=${v}` });
    expect(signed.attachment?.url).toBe('/f/1?v=2');
    const pdf = { ...file, data: { ...file.data, type: 'application/pdf' } };
    expect(shapeRefTarget(pdf, { authorId: 'a1', userId: 'u1' }, { ...inputs, imageUrl: () => 'signed' }).attachment?.url).toBe('/f/1');
  });

  it('carries a picture’s description (its text alternative) for drawings and attachments only (issue 25 §4)', () => {
    const reader = { authorId: 'a1', userId: 'u1' };
    const drawing = { ...note, type: 'Drawing' as const, data: { svg: '<svg/>', description: 'Un soleil' } };
    expect(shapeRefTarget(drawing, reader, inputs).description).toBe('Un soleil');
    const file = { ...note, type: 'Attachment' as const, data: { url: '/f/1', type: 'image/png', description: 'Une flaque' } };
    expect(shapeRefTarget(file, reader, inputs).description).toBe('Une flaque');
    expect(shapeRefTarget({ ...drawing, data: { svg: '<svg/>', description: '' } }, reader, inputs)).not.toHaveProperty('description');
    expect(shapeRefTarget({ ...note, data: { description: 'x' } }, reader, inputs)).not.toHaveProperty('description');
  });
});

describe('isOnCanvas', () => {
  it('only active contributions of the community are on its canvases', () => {
    expect(isOnCanvas(note, 'com')).toBe(true);
    expect(isOnCanvas({ ...note, status: 'unsaved' }, 'com')).toBe(false);
    expect(isOnCanvas(note, 'other')).toBe(false);
    expect(isOnCanvas(undefined, 'com')).toBe(false);
  });
});
