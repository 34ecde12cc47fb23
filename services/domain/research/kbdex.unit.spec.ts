import { describe, expect, it } from 'vitest';
import { kbdexRows, type KbdexVersion } from './kbdex.ts';

const body = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });
const at = (minute: number) => `2026-03-02T09:${String(minute).padStart(2, '0')}:00.000Z`;

let revisions = new Map<string, number>();
const note = (id: string, minute: number, fields: Record<string, unknown>): KbdexVersion => {
  const revision = (revisions.get(id) ?? -1) + 1;
  revisions.set(id, revision);
  return {
    type: 'Object',
    dataId: id,
    operation: revision === 0 ? 'created' : 'modified',
    revision,
    at: at(minute),
    data: { type: 'Note', permission: 'protected', authors: ['a1'], status: 'active', title: id, ...fields },
  };
};
const view = (id: string, title: string): KbdexVersion => ({
  type: 'Object',
  dataId: id,
  operation: 'created',
  revision: 0,
  at: at(0),
  data: { type: 'View', title, status: 'active', permission: 'public', authors: ['t1'] },
});
const place = (linkId: string, viewId: string, noteId: string, minute: number, operation: KbdexVersion['operation'] = 'created') => ({
  type: 'Link' as const,
  dataId: linkId,
  operation,
  revision: operation === 'created' ? 0 : 1,
  at: at(minute),
  data: { from: viewId, to: noteId, type: 'contains', created: at(minute) },
});
const names = (id: string) => ({ a1: 'Alice Martin', a2: 'Bruno Roy', t1: 'Mme Durand' })[id] ?? '';

/** A class: n1 drafted at :01 and contributed at :05, edited at :20; n2 at :10; a private n3; n4 deleted at :30; a draft. */
const history = (): KbdexVersion[] => {
  revisions = new Map();
  return [
    view('v1', 'Nos idées'),
    view('v2', 'Plantes'),
    note('n1', 1, { status: 'unsaved', title: '' }),
    note('n1', 5, { title: 'Pourquoi ?', data: { body: body('Les plantes boivent') } }),
    place('l1', 'v1', 'n1', 5),
    note('n2', 10, { authors: ['a2', 'a1'], title: '=SOMME', data: { body: body('@Alice oui, "vraiment"') } }),
    place('l2', 'v2', 'n2', 10),
    place('l3', 'v1', 'n2', 11),
    note('n3', 12, { permission: 'private', data: { body: body('secret') } }),
    note('n1', 20, { title: 'Pourquoi ?', data: { body: body('Les plantes boivent de l’eau') } }),
    note('n4', 25, { authors: ['a2'], data: { body: body('oups') } }),
    note('n4', 30, { authors: ['a2'], status: 'inactive', data: { body: body('oups') } }),
    place('l2', 'v2', 'n2', 40, 'deleted'),
    note('draft', 41, { status: 'unsaved', data: { body: body('pas fini') } }),
  ];
};

describe('kbdexRows', () => {
  it('numbers contributed notes in the order they were contributed, with their first author, text, first view and time', () => {
    const rows = kbdexRows(history(), names);
    expect(
      rows.map(({ id, author, text, group, time, noteId, authors, status, views }) => ({
        id,
        author,
        text,
        group,
        time,
        noteId,
        authors,
        status,
        views,
      })),
    ).toEqual([
      {
        id: 1,
        author: 'Alice Martin',
        text: 'Les plantes boivent de l’eau',
        group: 'Nos idées',
        time: Date.parse(at(5)),
        noteId: 'n1',
        authors: 'Alice Martin',
        status: 'active',
        views: 'Nos idées',
      },
      // Its first placement was removed at :40: now it is only in « Nos idées ».
      {
        id: 2,
        author: 'Bruno Roy',
        text: '@Alice oui, "vraiment"',
        group: 'Nos idées',
        time: Date.parse(at(10)),
        noteId: 'n2',
        authors: 'Bruno Roy; Alice Martin',
        status: 'active',
        views: 'Nos idées',
      },
      // Deleted since, but part of the discourse: kept, with its status.
      {
        id: 3,
        author: 'Bruno Roy',
        text: 'oups',
        group: '',
        time: Date.parse(at(25)),
        noteId: 'n4',
        authors: 'Bruno Roy',
        status: 'inactive',
        views: '',
      },
    ]);
  });

  it('as of an instant: only notes contributed by then, with their text and placements of then', () => {
    const rows = kbdexRows(history(), names, { at: at(15) });
    expect(rows.map((row) => [row.noteId, row.text, row.group, row.views])).toEqual([
      ['n1', 'Les plantes boivent', 'Nos idées', 'Nos idées'],
      ['n2', '@Alice oui, "vraiment"', 'Plantes', 'Plantes; Nos idées'],
    ]);
  });

  it('a window, chosen views, titles and private notes', () => {
    expect(kbdexRows(history(), names, { from: at(10) }).map((row) => row.noteId)).toEqual(['n2', 'n4']);
    expect(kbdexRows(history(), names, { at: at(15), viewIds: ['v2'] }).map((row) => [row.noteId, row.group])).toEqual([['n2', 'Plantes']]);
    expect(kbdexRows(history(), names, { viewIds: ['v2'] })).toEqual([]);
    expect(kbdexRows(history(), names, { withTitle: true })[0]?.text).toBe('Pourquoi ?\nLes plantes boivent de l’eau');
    const withPrivate = kbdexRows(history(), names, { includePrivate: true });
    expect(withPrivate.map((row) => [row.id, row.noteId, row.permission])).toContainEqual([3, 'n3', 'private']);
    expect(withPrivate).toHaveLength(4);
  });

  it('a note made private after an instant is in the file as of that instant, not after', () => {
    const versions = [...history(), note('n1', 50, { permission: 'private', data: { body: body('x') } })];
    expect(kbdexRows(versions, names, { at: at(45) }).map((row) => row.noteId)).toContain('n1');
    expect(kbdexRows(versions, names).map((row) => row.noteId)).not.toContain('n1');
  });
});
