import { beforeAll, describe, expect, it } from 'vitest';
import french from '../../../../web/src/i18n/locales/server/fr.json' with { type: 'json' };
import type { CommunitySettings } from '../../../../contracts/api/communities.ts';
import type { ObjectReply } from '../../../../contracts/api/objects.ts';
import type { ViewCanvasReply } from '../../../../contracts/api/views.ts';
import type { PiPoolReply, PromisingIdea, PromisingIdeaList } from '../../../../contracts/api/promisingIdeas.ts';
import { annotationTextOf } from '../../../../contracts/annotations.ts';
import {
  auth,
  buildObjectsTestApp,
  classRoom,
  createContribution,
  textDoc,
  type ClassRoom,
  type Member,
} from '../../../../tests/support/objects.ts';
import { useTestApp } from '../../../../tests/support/suite.ts';

/**
 * Promising ideas (issue 14 §3): marking, the table and its filters, the overlap
 * rule, editing, deleting, the PI Pool note (atomic), the canvas's mark, the plugin
 * flag, and what never leaks from a private note.
 */
let room: ClassRoom;
let viewId = '';
let otherViewId = '';

const t = useTestApp(() => buildObjectsTestApp());

type Who = { token: string } | null;
const inject = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who ? auth(who.token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

const setPlugin = async (on: boolean, labels: Record<string, string> = {}) => {
  const url = `/api/communities/${room.communityId}/settings`;
  const settings = (await inject(room.manager, 'GET', url)).json<CommunitySettings>();
  settings.data.plugins.promisingnessidea = on;
  for (const [colour, label] of Object.entries(labels)) {
    settings.data.colours[colour as keyof CommunitySettings['data']['colours']] = { enabled: true, label };
  }
  const saved = await inject(room.manager, 'PUT', url, { data: settings.data, scaffoldIds: settings.scaffoldIds });
  expect(saved.statusCode, saved.body).toBe(200);
};

const newView = async (title: string) => {
  const created = await inject(room.manager, 'POST', `/api/communities/${room.communityId}/views`, { title });
  expect(created.statusCode, created.body).toBeLessThan(300);
  return created.json<{ _id: string }>()._id;
};

const text = 'Les plantes ont besoin de lumière. Sans lumière, elles jaunissent.';

/** A contributed note of `author` placed in the test view. */
const contributedNote = async (author: Member, permission: 'private' | 'protected' = 'protected', body = textDoc(text)) => {
  const id = await createContribution(t, {
    communityId: room.communityId,
    type: 'Note',
    authors: [author.authorId],
    actorId: author.userId,
    permission,
  });
  const loaded = (await inject(author, 'GET', `/api/objects/${id}`)).json<ObjectReply>();
  const saved = await inject(author, 'PUT', `/api/objects/${room.communityId}/${id}`, {
    revision: loaded.revision,
    title: 'Lumière',
    body,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const placed = await inject(author, 'POST', '/api/links', { from: viewId, to: id, type: 'contains', data: { x: 200, y: 200 } });
  expect(placed.statusCode, placed.body).toBeLessThan(300);
  return id;
};

const mark = (who: Who, noteId: string, payload: Record<string, unknown>) =>
  inject(who, 'POST', `/api/promisingideas/${room.communityId}/note/${noteId}`, payload);

const marked = async (who: Member, noteId: string, idea: string, color = 'yellow', reason = '') => {
  const start = annotationTextOf(textDoc(text)).indexOf(idea);
  const response = await mark(who, noteId, { idea, start, end: start + idea.length, color, reason });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<PromisingIdea>();
};

const list = async (who: Who, query = `views=${viewId}`) => {
  const response = await inject(who, 'GET', `/api/promisingideas/${room.communityId}?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PromisingIdeaList>();
};

/** The notes of the test view that `who`'s canvas marks promising (server-shaped, issue 14 §3). */
const marksOnCanvas = async (who: Who): Promise<string[]> => {
  const canvas = await inject(who, 'GET', `/api/views/${viewId}/canvas`);
  expect(canvas.statusCode, canvas.body).toBe(200);
  return canvas
    .json<ViewCanvasReply>()
    .refs.filter((ref) => ref._to.promising)
    .map((ref) => ref.to);
};

const fieldOf = (response: { json: <T>() => T }) => response.json<{ errors?: { field: string }[] }>().errors?.[0]?.field;
const codeOf = (response: { json: <T>() => T }) => response.json<{ messageCode?: string }>().messageCode;

beforeAll(async () => {
  room = await classRoom(t);
  viewId = await newView('Idées');
  otherViewId = await newView('Synthèse');
});

describe('the plugin flag', () => {
  it('refuses marking and listing while promisingnessidea is off, and the canvas marks nothing', async () => {
    await setPlugin(false);
    const noteId = await contributedNote(room.a);
    const refused = await mark(room.a, noteId, { idea: 'besoin de lumière', color: 'yellow', reason: '' });
    expect(refused.statusCode).toBe(403);
    expect(codeOf(refused)).toBe('promisingIdeas.pluginOff');
    const listed = await inject(room.a, 'GET', `/api/promisingideas/${room.communityId}`);
    expect(listed.statusCode).toBe(403);
    expect(codeOf(listed)).toBe('promisingIdeas.pluginOff');
    await setPlugin(true, { yellow: 'Piste à creuser' });
    await marked(room.a, noteId, 'besoin de lumière');
    expect(await marksOnCanvas(room.a)).toContain(noteId);
    await setPlugin(false);
    expect(await marksOnCanvas(room.a)).toEqual([]);
    await setPlugin(true, { yellow: 'Piste à creuser' });
  });
});

describe('marking a passage and the table', () => {
  it('stores the passage with colour, reason, author and date; the table shows the note title and the colour label', async () => {
    const noteId = await contributedNote(room.a);
    const created = await marked(room.b, noteId, 'besoin de lumière', 'yellow', '  Une vraie question  ');
    expect(created).toMatchObject({
      noteId,
      noteTitle: 'Lumière',
      idea: 'besoin de lumière',
      reason: 'Une vraie question',
      color: 'yellow',
      colourLabel: 'Piste à creuser',
      authorId: room.b.authorId,
      hitCount: 1,
      overlapped: false,
      contentExists: true,
      editable: true,
    });
    const seenByA = await list(room.a, `note=${noteId}`);
    expect(seenByA.ideas.map((i) => i._id)).toEqual([created._id]);
    expect(seenByA.ideas[0]?.editable).toBe(false);
    expect(seenByA.colours.find((c) => c.color === 'red')).toEqual({ color: 'red', label: '' });
  });

  it('refuses bad input with 400 naming the field, never 500', async () => {
    const noteId = await contributedNote(room.a);
    const badColour = await mark(room.a, noteId, { idea: 'lumière', color: 'black', reason: '' });
    expect(badColour.statusCode).toBe(400);
    expect(fieldOf(badColour)).toBe('color');
    const missing = await mark(room.a, noteId, { color: 'red', reason: '' });
    expect(missing.statusCode).toBe(400);
    expect(fieldOf(missing)).toBe('idea');
    const elsewhere = await mark(room.a, noteId, { idea: 'photosynthèse', color: 'red', reason: '' });
    expect(elsewhere.statusCode).toBe(400);
    expect(fieldOf(elsewhere)).toBe('idea');
    expect(codeOf(elsewhere)).toBe('promisingIdeas.ideaNotFound');
    const blank = await mark(room.a, noteId, { idea: '   ', color: 'red', reason: '' });
    expect(blank.statusCode).toBe(400);
    expect(fieldOf(blank)).toBe('idea');
    const badFilter = await inject(room.a, 'GET', `/api/promisingideas/${room.communityId}?minHits=zero`);
    expect(badFilter.statusCode).toBe(400);
    expect(fieldOf(badFilter)).toBe('minHits');
    const badView = await inject(room.a, 'GET', `/api/promisingideas/${room.communityId}?views=nope`);
    expect(badView.statusCode).toBe(400);
    expect(fieldOf(badView)).toBe('views');
  });

  it('lists newest first with hit counts and overlap, and filters by colour, hit count, reason, user and keyword', async () => {
    const viewOnly = await newView('Filtres');
    const noteId = await contributedNote(room.a);
    await inject(room.a, 'POST', '/api/links', { from: viewOnly, to: noteId, type: 'contains', data: { x: 50, y: 50 } });
    const long = await marked(room.b, noteId, 'Les plantes ont besoin de lumière', 'red', 'Fondamental');
    const short = await marked(room.c, noteId, 'besoin de lumière', 'yellow', '');
    const other = await marked(room.b, noteId, 'elles jaunissent', 'yellow', 'Observation');
    const all = await list(room.a, `views=${viewOnly}`);
    expect(all.ideas.map((i) => i._id)).toEqual([other._id, short._id, long._id]);
    expect(all.total).toBe(3);
    expect(all.ideas.find((i) => i._id === long._id)).toMatchObject({ hitCount: 2, overlaps: [short._id], overlapped: false });
    expect(all.ideas.find((i) => i._id === short._id)).toMatchObject({ hitCount: 1, overlapped: true });
    expect(all.authors.map((a) => a._id).sort()).toEqual([room.b.authorId, room.c.authorId].sort());

    const ids = async (query: string) => (await list(room.a, `views=${viewOnly}&${query}`)).ideas.map((i) => i._id);
    expect(await ids('colour=yellow')).toEqual([other._id, short._id]);
    expect(await ids('minHits=2')).toEqual([long._id]);
    expect(await ids('minHits=1')).toEqual([other._id, long._id]);
    expect(await ids('reason=obser%20vation')).toEqual([other._id]);
    expect(await ids(`user=${room.c.authorId}`)).toEqual([short._id]);
    expect(await ids('keyword=ELLESJAUNISSENT')).toEqual([other._id]);
    expect(await ids('keyword=fonda%20mental')).toEqual([long._id]);
  });

  it('warns when the note no longer holds the idea (its content no longer exists)', async () => {
    const noteId = await contributedNote(room.a);
    const idea = await marked(room.b, noteId, 'elles jaunissent');
    const loaded = (await inject(room.a, 'GET', `/api/objects/${noteId}`)).json<ObjectReply>();
    const saved = await inject(room.a, 'PUT', `/api/objects/${room.communityId}/${noteId}`, {
      revision: loaded.revision,
      title: 'Lumière',
      body: textDoc('Les plantes ont besoin de lumière.'),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const row = (await list(room.b, `note=${noteId}`)).ideas.find((i) => i._id === idea._id);
    expect(row?.contentExists).toBe(false);
  });
});

describe('private notes', () => {
  it('never shows nor counts the ideas of a note the caller may not read; marking it is not found', async () => {
    const secretNote = await contributedNote(room.a, 'private', textDoc('SECRETPI la lumière cachée'));
    const created = await mark(room.a, secretNote, { idea: 'SECRETPI la lumière', color: 'blue', reason: 'SECRETPI' });
    expect(created.statusCode, created.body).toBe(201);
    const publicNote = await contributedNote(room.a);
    const publicIdea = await marked(room.a, publicNote, 'lumière');
    const both = await newView('Privé et public');
    for (const id of [secretNote, publicNote]) {
      await inject(room.a, 'POST', '/api/links', { from: both, to: id, type: 'contains', data: { x: 10, y: 10 } });
    }

    const forB = await inject(room.b, 'GET', `/api/promisingideas/${room.communityId}?views=${viewId}`);
    expect(forB.statusCode).toBe(200);
    expect(forB.body).not.toContain('SECRETPI');
    expect(forB.body).not.toContain(secretNote);
    const forManager = await list(room.manager);
    expect(forManager.ideas.some((i) => i.noteId === secretNote)).toBe(true);
    // The public idea "lumière" is inside the private one: B's total and overlap do not reveal it, the manager's do.
    const bothForB = await list(room.b, `views=${both}`);
    expect([bothForB.total, bothForB.ideas.map((i) => [i._id, i.overlapped])]).toEqual([1, [[publicIdea._id, false]]]);
    const bothForManager = await list(room.manager, `views=${both}`);
    expect(bothForManager.total).toBe(2);
    expect(bothForManager.ideas.find((i) => i._id === publicIdea._id)?.overlapped).toBe(true);

    const byB = await mark(room.b, secretNote, { idea: 'SECRETPI', color: 'red', reason: '' });
    expect(byB.statusCode).toBe(404);
    const markedForB = await marksOnCanvas(room.b);
    expect(markedForB).toContain(publicNote);
    expect(markedForB).not.toContain(secretNote);
    expect(await marksOnCanvas(room.a)).toContain(secretNote);
  });
});

describe('deleting', () => {
  it('lets its author and managers delete an idea, and refuses a classmate with a code', async () => {
    const noteId = await contributedNote(room.a);
    const mine = await marked(room.b, noteId, 'elles jaunissent');
    const byC = await inject(room.c, 'DELETE', `/api/promisingideas/ideas/${mine._id}`);
    expect(byC.statusCode).toBe(403);
    expect(codeOf(byC)).toBe('promisingIdeas.authorsOnly');
    const byOutsider = await inject(room.outsider, 'DELETE', `/api/promisingideas/ideas/${mine._id}`);
    expect(byOutsider.statusCode).toBe(403);
    expect((await inject(room.b, 'DELETE', `/api/promisingideas/ideas/${mine._id}`)).statusCode).toBe(204);
    expect((await list(room.a, `note=${noteId}`)).ideas).toEqual([]);
    const again = await inject(room.b, 'DELETE', `/api/promisingideas/ideas/${mine._id}`);
    expect(again.statusCode).toBe(404);
    const theirs = await marked(room.c, noteId, 'besoin de lumière');
    expect((await inject(room.manager, 'DELETE', `/api/promisingideas/ideas/${theirs._id}`)).statusCode).toBe(204);
  });
});

describe('editing', () => {
  it('lets its author and managers change the reason and colour (the link copy too), and refuses others with the French text', async () => {
    const noteId = await contributedNote(room.a);
    const mine = await marked(room.b, noteId, 'elles jaunissent', 'yellow', 'Une piste');
    const url = `/api/promisingideas/ideas/${mine._id}`;
    const byC = await inject(room.c, 'PUT', url, { color: 'red', reason: 'Pas à moi' });
    expect(byC.statusCode).toBe(403);
    expect(codeOf(byC)).toBe('promisingIdeas.authorsOnly');
    expect(french.server.promisingIdeas.authorsOnly).toBe("Seul l'auteur de cette idée prometteuse (ou un gestionnaire) peut la modifier.");
    expect((await inject(room.outsider, 'PUT', url, { color: 'red', reason: 'x' })).statusCode).toBe(403);
    expect((await inject(null, 'PUT', url, { color: 'red', reason: 'x' })).statusCode).toBe(401);
    const badColour = await inject(room.b, 'PUT', url, { color: 'black', reason: '' });
    expect(badColour.statusCode).toBe(400);
    expect(fieldOf(badColour)).toBe('color');
    const extra = await inject(room.b, 'PUT', url, { color: 'red', reason: '', idea: 'autre chose' });
    expect(extra.statusCode).toBe(400);

    const edited = await inject(room.b, 'PUT', url, { color: 'blue', reason: '  Mieux dit\u0007 ' });
    expect(edited.statusCode, edited.body).toBe(200);
    const row = edited.json<PromisingIdea>();
    expect(row).toMatchObject({ _id: mine._id, idea: 'elles jaunissent', color: 'blue', reason: 'Mieux dit', created: mine.created });
    expect(row.modified > mine.modified).toBe(true);
    expect((await list(room.c, `note=${noteId}`)).ideas.find((idea) => idea._id === mine._id)).toMatchObject({
      color: 'blue',
      reason: 'Mieux dit',
    });
    const links = await inject(room.b, 'GET', `/api/links/from/${mine._id}`);
    expect(links.json<{ type: string; data: Record<string, unknown> }[]>().find((link) => link.type === 'promisings')?.data).toMatchObject({
      color: 'blue',
      reason: 'Mieux dit',
    });

    const theirs = await marked(room.c, noteId, 'besoin de lumière');
    const byManager = await inject(room.manager, 'PUT', `/api/promisingideas/ideas/${theirs._id}`, { color: 'green', reason: 'Retenue' });
    expect(byManager.statusCode, byManager.body).toBe(200);
    expect(byManager.json<PromisingIdea>()).toMatchObject({ color: 'green', reason: 'Retenue', authorId: room.c.authorId });
    await inject(room.b, 'DELETE', url);
    expect((await inject(room.b, 'PUT', url, { color: 'red', reason: '' })).statusCode).toBe(404);
  });
});

describe('the PI Pool note', () => {
  it('refuses no idea, an empty title and no view with the spec messages, naming the field', async () => {
    const noteId = await contributedNote(room.a);
    const idea = await marked(room.b, noteId, 'elles jaunissent');
    const url = `/api/promisingideas/${room.communityId}/pool`;
    const none = await inject(room.b, 'POST', url, { ideaIds: [], title: 'PI Pool', viewIds: [viewId] });
    expect([none.statusCode, fieldOf(none), codeOf(none)]).toEqual([400, 'ideaIds', 'promisingIdeas.notSelected']);
    expect(none.json<{ message: string }>().message).toContain('Promising Idea is not selected');
    const untitled = await inject(room.b, 'POST', url, { ideaIds: [idea._id], title: '  ', viewIds: [viewId] });
    expect([untitled.statusCode, fieldOf(untitled), codeOf(untitled)]).toEqual([400, 'title', 'promisingIdeas.titleEmpty']);
    expect(untitled.json<{ message: string }>().message).toContain('Note title is empty');
    const noView = await inject(room.b, 'POST', url, { ideaIds: [idea._id], title: 'PI Pool', viewIds: [] });
    expect([noView.statusCode, fieldOf(noView)]).toEqual([400, 'viewIds']);
    const badId = await inject(room.b, 'POST', url, { ideaIds: ['nope'], title: 'PI Pool', viewIds: [viewId] });
    expect([badId.statusCode, fieldOf(badId)]).toEqual([400, 'ideaIds.0']);
  });

  it('creates one contributed note citing the ideas, placed in every chosen view, in one write', async () => {
    const noteId = await contributedNote(room.a);
    const first = await marked(room.b, noteId, 'besoin de lumière');
    const second = await marked(room.c, noteId, 'elles jaunissent');
    const { eventStore } = t.infra.commandDeps;
    const before = await eventStore.headPosition();
    const created = await inject(room.b, 'POST', `/api/promisingideas/${room.communityId}/pool`, {
      ideaIds: [first._id, second._id],
      title: 'PI Pool',
      viewIds: [viewId, otherViewId],
    });
    expect(created.statusCode, created.body).toBe(201);
    const reply = created.json<PiPoolReply>();
    expect(reply.refs.map((r) => r.viewId)).toEqual([viewId, otherViewId]);
    // One atomic append: the note, its references and both refs carry consecutive positions written together.
    const written = await eventStore.readAll({ after: before });
    // The reads and the notifications it causes (issue 18 §5: its author is told of the reference) come after, apart.
    const content = written.filter((e) => e.type !== 'ReadMarked' && !e.streamName.startsWith('notifications-'));
    expect(new Set(content.map((e) => e.streamName))).toEqual(
      new Set([`contribution-${reply.noteId}`, `contribution-${viewId}`, `contribution-${otherViewId}`]),
    );
    // Consecutive positions: nothing else was written between the note and its refs.
    expect(content.map((e) => e.globalPosition)).toEqual(content.map((_, index) => before + 1 + index));
    // And its writer has read it (fact sheet §10.4).
    expect(written.some((e) => e.type === 'ReadMarked' && (e.data as { contributionId: string }).contributionId === reply.noteId)).toBe(
      true,
    );
    const pool = (await inject(room.a, 'GET', `/api/objects/${reply.noteId}`)).json<ObjectReply>();
    expect(pool).toMatchObject({ title: 'PI Pool', status: 'active', type: 'Note' });
    const data = pool.data as Record<string, unknown>;
    expect(data.promisingContains).toBeTruthy();
    const quotes = JSON.stringify(data.body);
    expect(quotes).toContain('besoin de lumière');
    expect(quotes).toContain('elles jaunissent');
    const links = (await inject(room.a, 'GET', `/api/links/from/${reply.noteId}`)).json<{ type: string; to: string }[]>();
    expect(links.filter((l) => l.type === 'references').map((l) => l.to)).toEqual([noteId, noteId]);
    for (const view of [viewId, otherViewId]) {
      const refs = (await inject(room.a, 'GET', `/api/links/from/${view}`)).json<{ type: string; to: string }[]>();
      expect(refs.some((l) => l.type === 'contains' && l.to === reply.noteId)).toBe(true);
    }
  });

  it('writes nothing when one chosen view may not be edited', async () => {
    const noteId = await contributedNote(room.a);
    const idea = await marked(room.b, noteId, 'elles jaunissent');
    const lockedView = await newView('Lecture seule');
    const permission = await inject(room.manager, 'PUT', `/api/objects/${room.communityId}/${lockedView}/permission`, {
      permission: 'protected',
      group: null,
    });
    expect(permission.statusCode, permission.body).toBe(200);
    const { eventStore } = t.infra.commandDeps;
    const before = await eventStore.headPosition();
    const refused = await inject(room.b, 'POST', `/api/promisingideas/${room.communityId}/pool`, {
      ideaIds: [idea._id],
      title: 'PI Pool',
      viewIds: [viewId, lockedView],
    });
    expect(refused.statusCode).toBe(403);
    expect(await eventStore.headPosition()).toBe(before);
  });

  it('makes the note private when an idea comes from a private note, so its quote never leaks', async () => {
    const secretNote = await contributedNote(room.a, 'private', textDoc('SECRETPOOL une idée'));
    const created = await mark(room.a, secretNote, { idea: 'SECRETPOOL', color: 'none', reason: '' });
    expect(created.statusCode, created.body).toBe(201);
    const pool = await inject(room.a, 'POST', `/api/promisingideas/${room.communityId}/pool`, {
      ideaIds: [created.json<PromisingIdea>()._id],
      title: 'Mon pool',
      viewIds: [viewId],
    });
    expect(pool.statusCode, pool.body).toBe(201);
    const read = await inject(room.b, 'GET', `/api/objects/${pool.json<PiPoolReply>().noteId}`);
    expect(read.statusCode).toBeGreaterThanOrEqual(403);
    expect(read.body).not.toContain('SECRETPOOL');
  });
});
