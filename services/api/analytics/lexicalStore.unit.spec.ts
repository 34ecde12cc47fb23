import { describe, expect, it } from 'vitest';
import { contributionsCollectionName } from '../../../projections/contributions/index.ts';
import { MemoryReadStore } from '../../adapters/memory-readstore/memoryReadStore.ts';
import {
  ensureLexicalCollections,
  lexicalNotesCollectionName,
  lexicalRows,
  lexicalRowsVersion,
  lexicalStampsCollectionName,
  servedLexical,
  updateLexical,
  type LexicalNoteDocument,
  type LexicalStampDocument,
} from './lexicalStore.ts';

/**
 * The lexical read model (issue 13 §1): a full computation writes one row per active note,
 * stamped with the last position read; an update recomputes only the notes whose read-model
 * position passed the stamp, drops the rows of notes no longer active, and never moves the
 * stamp back; the served stamp says when newer notes exist.
 */

const community = 'c'.repeat(24);
const clock = { now: () => new Date('2026-03-02T10:00:00Z') };
const body = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

const setUp = async () => {
  const readStore = new MemoryReadStore();
  await readStore.ensureCollection({ name: contributionsCollectionName, indexes: [['communityId', 'type']] });
  await ensureLexicalCollections(readStore);
  const contributions = readStore.collection(contributionsCollectionName);
  let position = 0;
  const save = async (id: string, text: string, extra: Record<string, unknown> = {}) =>
    contributions.put({
      _id: id,
      communityId: community,
      type: 'Note',
      title: `Note ${id}`,
      status: 'active',
      permission: 'protected',
      authors: ['a'.repeat(24)],
      group: null,
      created: `2026-03-01T10:00:0${id.length % 10}Z`,
      modified: '2026-03-01T10:00:00Z',
      data: { body: body(text) },
      _position: ++position,
      ...extra,
    });
  return { readStore, save, position: () => position };
};

const rowsOf = async (readStore: MemoryReadStore) =>
  new Map((await readStore.collection<LexicalNoteDocument>(lexicalNotesCollectionName).find({})).map((row) => [row._id, row]));

describe('updateLexical', () => {
  it('computes every active note once, then only the changed ones, dropping notes no longer active', async () => {
    const { readStore, save, position } = await setUp();
    await save('n1', 'Les volcans crachent de la lave.');
    await save('n2', "L'émergence des idées.");
    await save('n3', 'La glace fond.');
    await save('v1', 'pas une note', { type: 'View' });
    const full = await updateLexical(readStore, clock, community, true);
    expect(full.recomputed).toBe(3);
    expect(full.stamp.asOf.position).toBe(3);
    const before = await rowsOf(readStore);
    expect([...before.keys()].sort()).toEqual(['n1', 'n2', 'n3']);
    expect(before.get('n2')?.phrases.map((p) => p.id)).toEqual(['emergence']);

    // Nothing changed: nothing recomputed, and the answer is not stale.
    expect((await updateLexical(readStore, clock, community)).recomputed).toBe(0);
    expect((await servedLexical(readStore, clock, community)).stale).toBe(false);

    await save('n1', 'Les volcans et encore les volcans.');
    await save('n3', 'La glace fond.', { status: 'inactive' });
    expect((await servedLexical(readStore, clock, community)).stale).toBe(true);
    const update = await updateLexical(readStore, clock, community);
    expect([update.recomputed, update.removed]).toEqual([1, 1]);
    expect(update.stamp.asOf.position).toBe(position());
    const after = await rowsOf(readStore);
    expect([...after.keys()].sort()).toEqual(['n1', 'n2']);
    expect(after.get('n1')?.terms['volcans']?.count).toBe(2);
    // The unchanged note's row is the one computed first.
    expect(after.get('n2')?.position).toBe(before.get('n2')?.position);
    expect((await servedLexical(readStore, clock, community)).stale).toBe(false);
  });

  it('computes on the first request when there is no stamp, and reads rows by author or by ids', async () => {
    const { readStore, save } = await setUp();
    await save('n1', 'Les volcans.');
    await save('n2', 'La lave.', { authors: ['b'.repeat(24)] });
    const served = await servedLexical(readStore, clock, community);
    expect([served.stamp.asOf.position, served.stale]).toEqual([2, false]);
    expect((await lexicalRows(readStore, community, { authorId: 'b'.repeat(24) })).map((row) => row._id)).toEqual(['n2']);
    expect((await lexicalRows(readStore, community, { noteIds: ['n1', 'zz'] })).map((row) => row._id)).toEqual(['n1']);
    expect(await lexicalRows(readStore, community, { noteIds: [] })).toEqual([]);
  });

  it("computes every row again when the stamp is of an older shape (rows without the lexical analysis' atom keys)", async () => {
    const { readStore, save } = await setUp();
    await save('n1', "L'eau du réseau.");
    await save('n2', 'La glace fond.');
    await updateLexical(readStore, clock, community, true);
    const stamps = readStore.collection<LexicalStampDocument>(lexicalStampsCollectionName);
    const stamp = await stamps.get(community);
    expect(stamp?.version).toBe(lexicalRowsVersion);
    expect((await rowsOf(readStore)).get('n1')?.atomKeys).toBe('l eau du reseau');
    // As a release before the atom keys left them: rows without the field, a stamp without a version.
    const notes = readStore.collection<LexicalNoteDocument>(lexicalNotesCollectionName);
    for (const row of await notes.find({})) {
      const { atomKeys: _dropped, ...old } = row;
      await notes.put(old as LexicalNoteDocument);
    }
    await stamps.put({ _id: community, communityId: community, asOf: stamp?.asOf ?? { position: 0, time: null, computedAt: '' } });
    expect((await updateLexical(readStore, clock, community)).recomputed).toBe(2);
    expect((await rowsOf(readStore)).get('n1')?.atomKeys).toBe('l eau du reseau');
    expect((await stamps.get(community))?.version).toBe(lexicalRowsVersion);
    // servedLexical does the same on the first request after an upgrade.
    await stamps.put({ _id: community, communityId: community, asOf: stamp?.asOf ?? { position: 0, time: null, computedAt: '' } });
    await notes.put({ ...((await rowsOf(readStore)).get('n2') as LexicalNoteDocument), atomKeys: undefined as unknown as string });
    expect((await servedLexical(readStore, clock, community)).stale).toBe(false);
    expect((await rowsOf(readStore)).get('n2')?.atomKeys).toBe('la glace fond');
  });
});
