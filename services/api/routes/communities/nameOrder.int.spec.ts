import { describe, expect, it } from 'vitest';
import type { CommunitySettings } from '../../../../contracts/api/communities.ts';
import type { ObjectReply } from '../../../../contracts/api/objects.ts';
import type { SearchReply } from '../../../../contracts/api/search.ts';
import { call, loadCanvas, placedNote, viewWith, useCanvasWorld } from '../../../../tests/support/canvas.ts';

/**
 * Issue 21 §15: the community setting `flipname` puts last names first
 * everywhere names show: canvas, contribution window, search, presence.
 * Test users are named "Test <userName>".
 */
const { t, w } = useCanvasWorld();

const setFlipname = async (flipname: boolean) => {
  const current = await call<CommunitySettings>(t, w.manager.token, 'GET', `/api/communities/${w.communityId}/settings`);
  const saved = await call(t, w.manager.token, 'PUT', `/api/communities/${w.communityId}/settings`, {
    data: { ...current.body.data, flipname },
    scaffoldIds: current.body.scaffoldIds,
  });
  expect(saved.status).toBe(200);
};

const writerNames = async (noteId: string, viewId: string) => {
  const canvas = await loadCanvas(w, w.writer2, viewId);
  const object = (await call<ObjectReply>(t, w.writer2.token, 'GET', `/api/objects/${noteId}`)).body;
  const search = await call<SearchReply>(t, w.writer2.token, 'POST', `/api/contributions/${w.communityId}/search`, {
    query: { words: 'volcans' },
  });
  return {
    canvas: canvas.refs.find((ref) => ref.to === noteId)?._to.authorNames,
    object: object.authorNames.map((author) => author.name),
    search: search.body.results?.find((result) => result._id === noteId)?.authorNames,
  };
};

describe('flipname', () => {
  it('shows "first last" by default and "last first" once a manager turns it on, to every reader', async () => {
    const view = await viewWith(w, w.writer, 'public', 'Noms');
    const { noteId } = await placedNote(w, w.writer, view, 200, 200, 'Les volcans');
    const writer = (await call<{ userName: string }>(t, w.writer.token, 'GET', `/api/authors/${w.communityId}/me`)).body.userName;
    const firstLast = `Test ${writer}`;
    const lastFirst = `${writer} Test`;
    const before = await writerNames(noteId, view);
    expect(before).toEqual({ canvas: [firstLast], object: [firstLast], search: [firstLast] });
    await setFlipname(true);
    try {
      expect(await writerNames(noteId, view)).toEqual({ canvas: [lastFirst], object: [lastFirst], search: [lastFirst] });
      // The history list names who made each version the same way.
      const history = (await call<{ authorName: string }[]>(t, w.writer2.token, 'GET', `/api/objects/${noteId}/history`)).body;
      expect(history[0]?.authorName).toBe(lastFirst);
      // So does the conflict view: a save against an old revision names who saved since.
      const loaded = (await call<ObjectReply>(t, w.writer.token, 'GET', `/api/objects/${noteId}`)).body;
      const save = (title: string) =>
        call<{ current?: { modifiedBy: { name: string } | null } }>(t, w.writer.token, 'PUT', `/api/objects/${w.communityId}/${noteId}`, {
          revision: loaded.revision,
          title,
          body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: title }] }] },
        });
      expect((await save('Les volcans actifs')).status).toBe(200);
      const conflict = await save('Les volcans éteints');
      expect(conflict.status).toBe(409);
      expect(conflict.body.current?.modifiedBy?.name).toBe(lastFirst);
    } finally {
      await setFlipname(false);
    }
    expect((await writerNames(noteId, view)).canvas).toEqual([firstLast]);
  });
});
