import { beforeAll, describe, expect, it } from 'vitest';
import type { Annotation } from '../../../../contracts/api/annotations.ts';
import type { CreateContributionReply } from '../../../../contracts/api/canvas.ts';
import type { Connection, ObjectReply } from '../../../../contracts/api/objects.ts';
import { annotationTextOf } from '../../../../contracts/annotations.ts';
import { contributionStreamName } from '../../../../contracts/events/contribution.ts';
import {
  auth,
  buildObjectsTestApp,
  classRoom,
  createContribution,
  createGroup,
  textDoc,
  type ClassRoom,
  type Member,
} from '../../../../tests/support/objects.ts';
import { useTestApp } from '../../../../tests/support/suite.ts';

let room: ClassRoom;

const t = useTestApp(() => buildObjectsTestApp());
beforeAll(async () => {
  room = await classRoom(t);
});

type Who = { token: string } | null;
const inject = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who ? auth(who.token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

const text = 'Les plantes ont besoin de lumière. Sans lumière, elles jaunissent.';

/** A contributed note by `author` (saved through the API) with two paragraphs. */
const contributedNote = async (
  author: Member,
  options: { permission?: 'private' | 'protected' | 'public'; group?: string | null } = {},
) => {
  const id = await createContribution(t, {
    communityId: room.communityId,
    type: 'Note',
    authors: [author.authorId],
    actorId: author.userId,
    permission: options.permission ?? 'protected',
    group: options.group ?? null,
  });
  const loaded = (await inject(author, 'GET', `/api/objects/${id}`)).json<ObjectReply>();
  const saved = await inject(author, 'PUT', `/api/objects/${room.communityId}/${id}`, {
    revision: loaded.revision,
    title: 'Lumière',
    body: textDoc(text, 'Deuxième paragraphe.'),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return id;
};

const rangeOf = (quote: string, body = textDoc(text, 'Deuxième paragraphe.')) => {
  const start = annotationTextOf(body).indexOf(quote);
  if (start < 0) throw new Error(`no ${quote}`);
  return [{ start, end: start + quote.length }];
};

const annotate = (who: Who, noteId: string, payload: Record<string, unknown>, communityId = room.communityId) =>
  inject(who, 'POST', `/api/objects/${communityId}/${noteId}/annotations`, payload);

const annotated = async (who: Member, noteId: string, quote: string, note: string, permission?: 'private' | 'protected') => {
  const response = await annotate(who, noteId, { ranges: rangeOf(quote), quote, text: note, ...(permission ? { permission } : {}) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Annotation>();
};

const listOf = async (who: Who, noteId: string) => {
  const response = await inject(who, 'GET', `/api/objects/${noteId}/annotations`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Annotation[]>();
};

describe('creating and listing annotations', () => {
  it('stores the passage, the text and the author; every reader of the note sees a protected one with its author', async () => {
    const noteId = await contributedNote(room.a);
    const created = await annotated(room.b, noteId, 'besoin de lumière', 'Et de l’eau ?');
    expect(created).toMatchObject({
      noteId,
      text: 'Et de l’eau ?',
      quote: 'besoin de lumière',
      ranges: rangeOf('besoin de lumière'),
      anchor: rangeOf('besoin de lumière'),
      permission: 'protected',
      permissions: { read: [] },
      authors: [room.b.authorId],
      editable: true,
    });
    expect(created.authorNames[0]?.userName).toBe(room.b.userName);
    const seenByA = await listOf(room.a, noteId);
    expect(seenByA.map((a) => [a._id, a.text, a.editable])).toEqual([[created._id, 'Et de l’eau ?', false]]);
    // The contribution and its annotates link (Annotation → Note), as the fact sheet has them.
    const object = (await inject(room.c, 'GET', `/api/objects/${created._id}`)).json<ObjectReply>();
    expect(object).toMatchObject({ type: 'Annotation', status: 'active', title: 'an Annotation', permission: 'protected' });
    expect(object.data).toMatchObject({
      quote: 'besoin de lumière',
      text: 'Et de l’eau ?',
      modelId: noteId,
      linkId: created.linkId,
      permissions: { read: [] },
    });
    const to = (await inject(room.a, 'GET', `/api/links/to/${noteId}`)).json<Connection[]>();
    expect(to.filter((link) => link.type === 'annotates').map((link) => [link._id, link.from])).toEqual([[created.linkId, created._id]]);
  });

  it('lists in text order and keeps text and quote as plain text (markup is data, control characters dropped)', async () => {
    const noteId = await contributedNote(room.a);
    await annotated(room.b, noteId, 'elles jaunissent', '<img src=x onerror=alert(1)>\u0007 later');
    await annotated(room.c, noteId, 'Les plantes', 'first');
    const list = await listOf(room.a, noteId);
    expect(list.map((a) => a.text)).toEqual(['first', '<img src=x onerror=alert(1)> later']);
  });

  it('re-anchors by the quote when the note changed since, and answers anchor null when the passage is gone', async () => {
    const noteId = await contributedNote(room.a);
    const kept = await annotated(room.b, noteId, 'elles jaunissent', 'why?');
    const lost = await annotated(room.b, noteId, 'Deuxième paragraphe', 'gone soon');
    const loaded = (await inject(room.a, 'GET', `/api/objects/${noteId}`)).json<ObjectReply>();
    const body = textDoc(`Nouveau début. ${text}`, 'Autre chose.');
    const saved = await inject(room.a, 'PUT', `/api/objects/${room.communityId}/${noteId}`, {
      revision: loaded.revision,
      title: 'Lumière',
      body,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const list = await listOf(room.a, noteId);
    const byId = new Map(list.map((a) => [a._id, a]));
    expect(byId.get(kept._id)?.anchor).toEqual(rangeOf('elles jaunissent', body));
    expect(byId.get(kept._id)?.ranges).toEqual(kept.ranges);
    expect(byId.get(lost._id)?.anchor).toBeNull();
  });

  it('takes the quote when the offsets do not match it, and refuses a quote the note does not have (400 quote)', async () => {
    const noteId = await contributedNote(room.a);
    const moved = await annotate(room.b, noteId, { ranges: [{ start: 0, end: 5 }], quote: 'jaunissent', text: 'x' });
    expect(moved.statusCode, moved.body).toBe(201);
    expect(moved.json<Annotation>().ranges).toEqual(rangeOf('jaunissent'));
    const absent = await annotate(room.b, noteId, { ranges: [{ start: 0, end: 5 }], quote: 'photosynthèse', text: 'x' });
    expect(absent.statusCode).toBe(400);
    expect(absent.json<{ errors: { field: string }[] }>().errors[0]?.field).toBe('quote');
  });

  it('answers 400 naming the field for bad input', async () => {
    const noteId = await contributedNote(room.a);
    const cases: [Record<string, unknown>, string][] = [
      [{ ranges: rangeOf('Les plantes'), quote: 'Les plantes', text: '   ' }, 'text'],
      [{ ranges: rangeOf('Les plantes'), quote: 'Les plantes' }, 'text'],
      [{ ranges: [], quote: 'Les plantes', text: 'x' }, 'ranges'],
      [{ ranges: [{ start: -1, end: 3 }], quote: 'Les plantes', text: 'x' }, 'ranges.0.start'],
      [{ ranges: rangeOf('Les plantes'), quote: '', text: 'x' }, 'quote'],
      [{ ranges: rangeOf('Les plantes'), quote: 'Les plantes', text: 'x', permission: 'public' }, 'permission'],
      [{ ranges: rangeOf('Les plantes'), quote: 'Les plantes', text: 'x'.repeat(5001) }, 'text'],
      [{ ranges: rangeOf('Les plantes'), quote: 'Les plantes', text: 'x', authors: [room.c.authorId] }, 'authors'],
    ];
    for (const [payload, field] of cases) {
      const response = await annotate(room.b, noteId, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(
        response.json<{ errors: { field: string }[] }>().errors.map((e) => e.field),
        JSON.stringify(payload),
      ).toContain(field);
    }
    const badId = await inject(room.b, 'GET', '/api/objects/nope/annotations');
    expect(badId.statusCode).toBe(400);
    expect(badId.json<{ errors: { field: string }[] }>().errors[0]?.field).toBe('id');
    const badEdit = await inject(room.b, 'PUT', '/api/annotations/aaaaaaaaaaaaaaaaaaaaaaaa', { text: 5 });
    expect(badEdit.statusCode).toBe(400);
    expect(badEdit.json<{ errors: { field: string }[] }>().errors[0]?.field).toBe('text');
  });

  it('refuses what cannot be annotated: an unsaved note (409), a drawing (400 id), an unknown id (404), a note of a community I am not in (403)', async () => {
    const unsaved = await createContribution(t, {
      communityId: room.communityId,
      type: 'Note',
      authors: [room.a.authorId],
      permission: 'protected',
    });
    expect((await annotate(room.a, unsaved, { ranges: [{ start: 0, end: 1 }], quote: 'x', text: 'x' })).statusCode).toBe(409);
    const drawing = await createContribution(t, {
      communityId: room.communityId,
      type: 'Drawing',
      authors: [room.a.authorId],
      status: 'active',
    });
    const refused = await annotate(room.a, drawing, { ranges: [{ start: 0, end: 1 }], quote: 'x', text: 'x' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ errors: { field: string }[] }>().errors[0]?.field).toBe('id');
    expect((await annotate(room.a, 'aaaaaaaaaaaaaaaaaaaaaaaa', { ranges: [{ start: 0, end: 1 }], quote: 'x', text: 'x' })).statusCode).toBe(
      404,
    );
    const noteId = await contributedNote(room.a);
    const other = await classRoom(t);
    expect(
      (await annotate(room.a, noteId, { ranges: rangeOf('Les plantes'), quote: 'Les plantes', text: 'x' }, other.communityId)).statusCode,
    ).toBe(403);
    const otherNote = await createContribution(t, {
      communityId: other.communityId,
      type: 'Note',
      authors: [other.a.authorId],
      status: 'active',
    });
    expect((await annotate(room.a, otherNote, { ranges: [{ start: 0, end: 1 }], quote: 'x', text: 'x' })).statusCode).toBe(403);
  });
});

describe('permissions', () => {
  it('outsiders get 403 and anonymous callers 401 on every route', async () => {
    const noteId = await contributedNote(room.a);
    const created = await annotated(room.b, noteId, 'Les plantes', 'hello');
    const payload = { ranges: rangeOf('Les plantes'), quote: 'Les plantes', text: 'x' };
    for (const [who, status] of [
      [room.outsider, 403],
      [null, 401],
    ] as const) {
      expect((await inject(who, 'GET', `/api/objects/${noteId}/annotations`)).statusCode).toBe(status);
      expect((await annotate(who, noteId, payload)).statusCode).toBe(status);
      expect((await inject(who, 'PUT', `/api/annotations/${created._id}`, { text: 'hacked' })).statusCode).toBe(status);
      expect((await inject(who, 'DELETE', `/api/annotations/${created._id}`)).statusCode).toBe(status);
      expect(
        (await inject(who, 'POST', `/api/contributions/${room.communityId}`, { type: 'Annotation', data: { modelId: noteId, ...payload } }))
          .statusCode,
      ).toBe(status);
      expect((await inject(who, 'GET', `/api/objects/${created._id}`)).statusCode).toBe(status);
    }
    expect((await listOf(room.a, noteId)).map((a) => a.text)).toEqual(['hello']);
  });

  it('a note I cannot read can be neither annotated nor listed (403), and its annotations stay hidden everywhere', async () => {
    const noteId = await contributedNote(room.a, { permission: 'private' });
    const payload = { ranges: rangeOf('Les plantes'), quote: 'Les plantes', text: 'x' };
    expect((await annotate(room.b, noteId, payload)).statusCode).toBe(403);
    expect(
      (
        await inject(room.b, 'POST', `/api/contributions/${room.communityId}`, {
          type: 'Annotation',
          data: { modelId: noteId, ...payload },
        })
      ).statusCode,
    ).toBe(403);
    expect((await inject(room.b, 'GET', `/api/objects/${noteId}/annotations`)).statusCode).toBe(403);
    // The author's own protected annotation of a private note is not readable by others, even by its id.
    const own = await annotated(room.a, noteId, 'elles jaunissent', 'only for readers of the note');
    const direct = await inject(room.b, 'GET', `/api/objects/${own._id}`);
    expect(direct.statusCode).toBe(403);
    expect(direct.body).not.toContain('only for readers');
    expect((await inject(room.b, 'PUT', `/api/annotations/${own._id}`, { text: 'x' })).statusCode).toBe(403);
  });

  it('a private annotation is seen only by its author and managers, even by a reader (group member) of a private note', async () => {
    const group = await createGroup(t, room.communityId, room.a.authorId, [room.a.authorId, room.b.authorId, room.c.authorId]);
    const noteId = await contributedNote(room.a, { permission: 'private', group });
    const mine = await annotated(room.b, noteId, 'Sans lumière', 'my private thought', 'private');
    expect(mine).toMatchObject({ permission: 'private', permissions: { read: [room.b.authorId] } });
    const shared = await annotated(room.b, noteId, 'Les plantes', 'for everyone');
    expect((await listOf(room.b, noteId)).map((a) => a.text)).toEqual(['for everyone', 'my private thought']);
    for (const reader of [room.a, room.c]) {
      const response = await inject(reader, 'GET', `/api/objects/${noteId}/annotations`);
      expect(response.json<Annotation[]>().map((a) => a._id)).toEqual([shared._id]);
      expect(response.body).not.toContain('my private thought');
      expect((await inject(reader, 'GET', `/api/objects/${mine._id}`)).statusCode).toBe(403);
      expect((await inject(reader, 'PUT', `/api/annotations/${mine._id}`, { text: 'x' })).statusCode).toBe(404);
      expect((await inject(reader, 'DELETE', `/api/annotations/${mine._id}`)).statusCode).toBe(404);
      const links = (await inject(reader, 'GET', `/api/links/to/${noteId}`)).json<Connection[]>();
      expect(links.map((link) => link.from)).not.toContain(mine._id);
    }
    expect((await listOf(room.manager, noteId)).map((a) => [a.text, a.editable])).toEqual([
      ['for everyone', true],
      ['my private thought', true],
    ]);
  });

  it('only authors and managers change or delete; a change of visibility applies at once', async () => {
    const noteId = await contributedNote(room.a);
    const created = await annotated(room.b, noteId, 'Les plantes', 'draft');
    expect((await inject(room.a, 'PUT', `/api/annotations/${created._id}`, { text: 'not mine' })).statusCode).toBe(403);
    expect((await inject(room.a, 'DELETE', `/api/annotations/${created._id}`)).statusCode).toBe(403);
    const edited = await inject(room.b, 'PUT', `/api/annotations/${created._id}`, { text: ' final ', permission: 'private' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Annotation>()).toMatchObject({ text: 'final', permission: 'private', permissions: { read: [room.b.authorId] } });
    expect(await listOf(room.a, noteId)).toEqual([]);
    const emptied = await inject(room.b, 'PUT', `/api/annotations/${created._id}`, { text: '' });
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json<{ errors: { field: string }[] }>().errors[0]?.field).toBe('text');
    const back = await inject(room.manager, 'PUT', `/api/annotations/${created._id}`, { permission: 'protected' });
    expect(back.json<Annotation>()).toMatchObject({ text: 'final', permission: 'protected', editable: true });
    expect((await listOf(room.a, noteId)).map((a) => a.text)).toEqual(['final']);
    expect((await inject(room.manager, 'DELETE', `/api/annotations/${created._id}`)).statusCode).toBe(204);
    expect(await listOf(room.b, noteId)).toEqual([]);
    expect((await inject(room.b, 'DELETE', `/api/annotations/${created._id}`)).statusCode).toBe(404);
    const links = (await inject(room.a, 'GET', `/api/links/to/${noteId}`)).json<Connection[]>();
    expect(links.filter((link) => link.type === 'annotates')).toEqual([]);
    // Events: created with its link, edited twice, then inactive with the link deleted.
    const { events } = await t.infra.eventStore.readStream(contributionStreamName(created._id));
    expect(events.map((e) => e.type)).toEqual([
      'ContributionCreated',
      'LinkCreated',
      'AnnotationEdited',
      'AnnotationEdited',
      'ContributionStatusChanged',
      'LinkDeleted',
    ]);
  });
});

describe('POST /api/contributions/{communityId} with type Annotation (the spec route)', () => {
  it('creates the annotation and its annotates link; a non-empty permissions.read makes it private', async () => {
    const noteId = await contributedNote(room.a);
    const body = {
      type: 'Annotation',
      data: {
        modelId: noteId,
        ranges: rangeOf('Les plantes'),
        quote: 'Les plantes',
        text: 'kf6 style',
        permissions: { read: ['someone'] },
      },
    };
    const response = await inject(room.c, 'POST', `/api/contributions/${room.communityId}`, body);
    expect(response.statusCode, response.body).toBe(201);
    const reply = response.json<CreateContributionReply>();
    expect(reply.contribution).toMatchObject({ type: 'Annotation', status: 'active', permission: 'private', authors: [room.c.authorId] });
    expect(reply.contribution.data).toMatchObject({ modelId: noteId, text: 'kf6 style', permissions: { read: [room.c.authorId] } });
    expect((await listOf(room.c, noteId)).map((a) => a.text)).toEqual(['kf6 style']);
    expect(await listOf(room.a, noteId)).toEqual([]);
    const bad = await inject(room.c, 'POST', `/api/contributions/${room.communityId}`, {
      type: 'Annotation',
      data: { modelId: noteId, ranges: [], quote: 'x', text: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    // Notes are still created there as before.
    const note = await inject(room.c, 'POST', `/api/contributions/${room.communityId}`, { type: 'Note' });
    expect(note.statusCode, note.body).toBe(201);
  });
});

describe('annotations stay off the canvas and the time machine', () => {
  it('a placed note keeps one ref, no link and the same time-machine steps after it is annotated', async () => {
    const views = (await inject(room.manager, 'GET', `/api/communities/${room.communityId}/views`)).json<{ _id: string }[]>();
    const viewId = views[0]?._id ?? '';
    const created = await inject(room.a, 'POST', `/api/contributions/${room.communityId}`, {
      type: 'Note',
      placement: { viewId, x: 300, y: 300 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const noteId = created.json<CreateContributionReply>().contribution._id;
    const saved = await inject(room.a, 'PUT', `/api/objects/${room.communityId}/${noteId}`, {
      revision: 0,
      title: 'Lumière',
      body: textDoc(text),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const canvas = async () =>
      (await inject(room.b, 'GET', `/api/views/${viewId}/canvas`)).json<{ refs: { to: string }[]; links: { type: string }[] }>();
    const steps = async () => (await inject(room.b, 'GET', `/api/timemachine/${viewId}`)).json<{ steps: unknown[] }>().steps;
    const [before, stepsBefore] = [await canvas(), await steps()];
    const annotation = await annotated(room.b, noteId, 'Les plantes', 'on the canvas?');
    await annotated(room.b, noteId, 'lumière', 'private', 'private');
    const after = await canvas();
    expect(after.refs.map((ref) => ref.to)).toEqual(before.refs.map((ref) => ref.to));
    expect(after.refs.map((ref) => ref.to)).toContain(noteId);
    expect(after.refs.map((ref) => ref.to)).not.toContain(annotation._id);
    expect(after.links).toEqual(before.links);
    expect(await steps()).toEqual(stepsBefore);
  });
});
