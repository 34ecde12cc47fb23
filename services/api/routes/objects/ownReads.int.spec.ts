import { describe, expect, it } from 'vitest';
import type { ObjectReply } from '../../../../contracts/api/objects.ts';
import { call, createContribution, loadCanvas, useCanvasWorld } from '../../../../tests/support/canvas.ts';
import { buildObjectsTestApp, shiftableClock } from '../../../../tests/support/objects.ts';

/** Issue 21 §11: writing or saving a contribution counts as reading it. */

const clock = shiftableClock();
const { t, w } = useCanvasWorld(() => buildObjectsTestApp({ clock }));

const readOf = async (who: { token: string }, noteId: string) =>
  (await loadCanvas(w, who, w.welcomeViewId)).refs.find((ref) => ref.to === noteId)?._to.read;
const save = async (who: { token: string }, id: string, text: string) => {
  const loaded = (await call<ObjectReply>(t, who.token, 'GET', `/api/objects/${id}`)).body;
  const body = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] };
  const reply = await call(t, who.token, 'PUT', `/api/objects/${w.communityId}/${id}`, {
    revision: loaded.revision,
    title: 'Mon idée',
    body,
  });
  expect(reply.status, reply.raw).toBe(200);
};

describe('own contributions', () => {
  it('are read by their writer once contributed and after each save, and stay new to classmates', async () => {
    const created = await createContribution(w, w.writer, {
      type: 'Note',
      title: 'Mon idée',
      placement: { viewId: w.welcomeViewId, x: 60, y: 60 },
    });
    const id = created.contribution._id;
    await save(w.writer, id, 'first words');
    expect(await readOf(w.writer, id)).toBe('read');
    expect(await readOf(w.writer2, id)).toBe('unread');
    // A classmate reads it, the author changes it: new again for the classmate, still read for the author.
    expect((await call(t, w.writer2.token, 'POST', `/api/records/read/${w.communityId}/${id}`)).status).toBe(200);
    clock.advance(1_000);
    await save(w.writer, id, 'more words');
    expect(await readOf(w.writer, id)).toBe('read');
    expect(await readOf(w.writer2, id)).toBe('modified');
  });
});
