import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { ViewCanvasReply } from '../../../../contracts/api/views.ts';
import { activate, call, placedNote, useCanvasWorld, viewWith, type Member } from '../../../../tests/support/canvas.ts';
import { bearer } from '../../../../tests/support/testApp.ts';

/**
 * The canvas reply cache (issue 16 §3, canvasReplyCache.ts) seen through
 * HTTP: a reply kept for one reader is never another's, and any change (a
 * move, a new note, a permission) is in the next load.
 */
const { t, w } = useCanvasWorld();

/** The canvas as `who` gets it with `accept-encoding` (none: plain JSON), decoded. */
const canvasAs = async (who: { token: string }, viewId: string, encoding?: 'br' | 'gzip', headers: Record<string, string> = {}) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/views/${viewId}/canvas`,
    headers: { ...bearer(who.token), ...(encoding ? { 'accept-encoding': encoding } : {}), ...headers },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-encoding']).toBe(encoding);
  const raw = response.rawPayload;
  const text = (encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
  return { canvas: JSON.parse(text) as ViewCanvasReply, text, etag: String(response.headers.etag), vary: response.headers.vary };
};

/** A public view with a dozen notes (replies over the compression threshold) and `owner`'s private note on it. */
let views = 0;
const viewWithPrivateNote = async (owner: Member, title: string) => {
  const viewId = await viewWith(w, w.manager, 'public', `Cached view ${++views}`);
  for (let i = 0; i < 12; i++) await placedNote(w, w.manager, viewId, 60 * i, 40, `Idée publique ${i}`);
  const secret = await placedNote(w, owner, viewId, 300, 300, title);
  await activate(t, secret.noteId, [{ type: 'ChangePermission', data: { permission: 'private', group: null } }]);
  return { viewId, secret };
};

describe('the canvas reply cache', () => {
  it("never gives pupil A's private note to pupil B, even right after A loaded it, in any encoding or with A's tag", async () => {
    const { viewId, secret } = await viewWithPrivateNote(w.writer, 'Secret de A');
    const mine = await canvasAs(w.writer, viewId, 'br');
    expect(mine.canvas.refs.map((ref) => ref.to)).toContain(secret.noteId);
    expect(mine.vary).toMatch(/accept-encoding/i);

    for (const encoding of ['br', 'gzip', undefined] as const) {
      const theirs = await canvasAs(w.writer2, viewId, encoding);
      expect(theirs.text).not.toContain('Secret de A');
      expect(theirs.text).not.toContain(secret.noteId);
      expect(theirs.canvas.refs).toHaveLength(mine.canvas.refs.length - 1);
      expect(theirs.canvas.me._id).toBe(w.writer2.authorId);
    }
    // A's tag is no key to A's reply: B gets B's own canvas.
    const tagged = await canvasAs(w.writer2, viewId, 'br', { 'if-none-match': mine.etag });
    expect(tagged.text).not.toContain('Secret de A');
    expect(tagged.etag).not.toBe(mine.etag);
    // A stranger gets no cached reply either.
    expect((await call(t, w.outsider.token, 'GET', `/api/views/${viewId}/canvas`)).status).toBe(403);
    expect((await call(t, null, 'GET', `/api/views/${viewId}/canvas`)).status).toBe(401);

    // The same from the cache, for A: byte for byte what A got first.
    expect((await canvasAs(w.writer, viewId, 'br')).text).toBe(mine.text);
  });

  it('answers loads arriving together each with their own reader’s reply', async () => {
    const { viewId, secret } = await viewWithPrivateNote(w.writer2, 'Secret de B');
    const who = [w.writer2, w.writer, w.manager, w.writer2, w.writer, w.writer2, w.writer, w.manager];
    const replies = await Promise.all(who.map((member, index) => canvasAs(member, viewId, index % 2 === 0 ? 'br' : 'gzip')));
    replies.forEach((reply, index) => {
      const member = who[index] as Member;
      expect(reply.canvas.me._id).toBe(member.authorId);
      const sees = reply.canvas.refs.some((ref) => ref.to === secret.noteId);
      // A private note: its author and the community's managers.
      expect(sees).toBe(member !== w.writer);
    });
    const writers = replies.filter((_, index) => who[index] === w.writer2).map((reply) => reply.text);
    expect(new Set(writers).size).toBe(1);
  });

  it('shows a move, a new note and a permission change in the next load', async () => {
    const { viewId, secret } = await viewWithPrivateNote(w.writer, 'Bientôt publique');
    const before = await canvasAs(w.writer2, viewId, 'br');
    await canvasAs(w.writer2, viewId, 'br'); // kept

    const moved = await call(t, w.manager.token, 'PUT', `/api/links/${before.canvas.refs[0]?._id}`, { data: { x: 777, y: 555 } });
    expect(moved.status).toBe(200);
    const afterMove = await canvasAs(w.writer2, viewId, 'br');
    expect(afterMove.canvas.refs[0]?.data).toMatchObject({ x: 777, y: 555 });
    expect(afterMove.etag).not.toBe(before.etag);
    expect(afterMove.canvas.position).toBeGreaterThan(before.canvas.position ?? 0);

    const added = await placedNote(w, w.manager, viewId, 900, 40, 'Nouvelle idée');
    const afterNote = await canvasAs(w.writer2, viewId, 'gzip');
    expect(afterNote.canvas.refs.map((ref) => ref.to)).toContain(added.noteId);

    expect(afterNote.text).not.toContain('Bientôt publique');
    await activate(t, secret.noteId, [{ type: 'ChangePermission', data: { permission: 'public', group: null } }]);
    expect((await canvasAs(w.writer2, viewId, 'br')).canvas.refs.map((ref) => ref.to)).toContain(secret.noteId);
    // And back to private: gone again from B's next load.
    await activate(t, secret.noteId, [{ type: 'ChangePermission', data: { permission: 'private', group: null } }]);
    expect((await canvasAs(w.writer2, viewId, 'br')).text).not.toContain('Bientôt publique');
  });
});
