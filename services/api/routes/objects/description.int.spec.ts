import { beforeAll, describe, expect, it } from 'vitest';
import { descriptionMaxLength, type ObjectReply } from '../../../../contracts/api/objects.ts';
import type { ViewCanvasReply } from '../../../../contracts/api/views.ts';
import { call, canvasWorld, createContribution, type CanvasWorld, type Member, useCanvasWorld } from '../../../../tests/support/canvas.ts';

/**
 * Issue 25 §4: drawings, images and attachments have a description, their
 * text alternative (`data.description`), saved with the contribution like its
 * title (PUT /api/objects/{communityId}/{id}), with the same rights, bounded
 * in length; the canvas names the picture with it.
 */

const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><rect x="10" y="10" width="50" height="40" /></svg>';

let other: CanvasWorld;
const { t, w } = useCanvasWorld();
beforeAll(async () => {
  other = await canvasWorld(t);
});

type Problem = { errors?: { field: string; message: string }[]; code?: string };

const drawingBy = async (who: Member) =>
  (await createContribution(w, who, { type: 'Drawing', title: 'Le cycle de l’eau', placement: { viewId: w.welcomeViewId, x: 40, y: 40 } }))
    .contribution._id;

/** A picture's description as the reply carries it (only drawings and attachments have one). */
const descriptionOf = (object: ObjectReply) =>
  object.type === 'Drawing' || object.type === 'Attachment' ? object.data.description : undefined;
const load = async (who: { token: string }, id: string) => (await call<ObjectReply>(t, who.token, 'GET', `/api/objects/${id}`)).body;

const save = async (who: { token: string }, id: string, body: Record<string, unknown>, communityId = w.communityId) => {
  const revision = (await load(w.writer, id)).revision;
  return call<ObjectReply & Problem>(t, who.token, 'PUT', `/api/objects/${communityId}/${id}`, { revision, ...body });
};

describe('the description of a drawing, an image or an attachment', () => {
  it('the writer saves it with the drawing; it is in data.description and names the picture on the canvas', async () => {
    const id = await drawingBy(w.writer);
    const description = 'Un nuage au-dessus de la mer, des flèches montent de la mer vers le nuage.';
    const saved = await save(w.writer, id, { title: 'Le cycle de l’eau', svg, status: 'active', description: `  ${description}\u0007 ` });
    expect(saved.status, saved.raw).toBe(200);
    expect(descriptionOf(saved.body)).toBe(description);
    expect(descriptionOf(await load(w.writer2, id))).toBe(description);
    const canvas = (await call<ViewCanvasReply>(t, w.writer2.token, 'GET', `/api/views/${w.welcomeViewId}/canvas`)).body;
    expect(canvas.refs.find((ref) => ref.to === id)?._to.description).toBe(description);

    // Absent: unchanged. Empty: removed (and gone from the canvas).
    expect(descriptionOf((await save(w.writer, id, { title: 'Le cycle de l’eau (2)', svg })).body)).toBe(description);
    const cleared = await save(w.writer, id, { title: 'Le cycle de l’eau', svg, description: '' });
    expect(cleared.status).toBe(200);
    expect(descriptionOf(cleared.body)).toBe('');
    const after = (await call<ViewCanvasReply>(t, w.writer.token, 'GET', `/api/views/${w.welcomeViewId}/canvas`)).body;
    expect(after.refs.find((ref) => ref.to === id)?._to.description).toBeUndefined();
  });

  it('an attachment (an image) takes one too, saved with its title', async () => {
    const id = (
      await createContribution(w, w.writer, {
        type: 'Attachment',
        title: 'photo.jpg',
        placement: { viewId: w.welcomeViewId, x: 90, y: 90 },
      })
    ).contribution._id;
    const saved = await save(w.writer, id, { title: 'La flaque', description: 'Une flaque d’eau sur un trottoir, au soleil.' });
    expect(saved.status, saved.raw).toBe(200);
    expect(saved.body.title).toBe('La flaque');
    expect(descriptionOf(saved.body)).toBe('Une flaque d’eau sur un trottoir, au soleil.');
  });

  it('is refused with a 400 naming the field when too long, or on a note', async () => {
    const id = await drawingBy(w.writer);
    const tooLong = await save(w.writer, id, { title: 'Dessin', svg, description: 'é'.repeat(descriptionMaxLength + 1) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors?.map((error) => error.field)).toEqual(['description']);
    expect(tooLong.body.code).toBeDefined();
    // Exactly the limit is fine.
    expect((await save(w.writer, id, { title: 'Dessin', svg, description: 'é'.repeat(descriptionMaxLength) })).status).toBe(200);

    const note = (
      await createContribution(w, w.writer, { type: 'Note', title: 'Note', placement: { viewId: w.welcomeViewId, x: 9, y: 9 } })
    ).contribution._id;
    const onNote = await save(w.writer, note, {
      title: 'Note',
      body: { type: 'doc', content: [{ type: 'paragraph' }] },
      description: 'Une note',
    });
    expect(onNote.status).toBe(400);
    expect(onNote.body.errors?.map((error) => error.field)).toEqual(['description']);
  });

  it('only those who may write the drawing may describe it: a classmate, another community’s manager and a stranger are refused', async () => {
    const id = await drawingBy(w.writer);
    expect((await save(w.writer, id, { title: 'Mon dessin', svg, status: 'active' })).status).toBe(200);
    const attempt = { title: 'Mon dessin', svg, description: 'Volé' };
    const classmate = await save(w.writer2, id, attempt);
    const foreignManager = await save(other.manager, id, attempt);
    const foreignManagerViaOwnCommunity = await save(other.manager, id, attempt, other.communityId);
    const stranger = await save(w.outsider, id, attempt);
    const anonymous = await call(t, null, 'PUT', `/api/objects/${w.communityId}/${id}`, { revision: 0, ...attempt });
    expect(classmate.status, classmate.raw).toBe(403);
    expect(foreignManager.status, foreignManager.raw).toBe(403);
    // Through their own community's address, the drawing is not there.
    expect(foreignManagerViaOwnCommunity.status, foreignManagerViaOwnCommunity.raw).toBe(404);
    expect(stranger.status, stranger.raw).toBe(403);
    expect(anonymous.status).toBe(401);
    expect(descriptionOf(await load(w.writer, id))).toBeUndefined();
    // The community's manager may (as for the title).
    expect((await save(w.manager, id, { title: 'Mon dessin', svg, description: 'Décrit par la maîtresse' })).status).toBe(200);
  });
});
