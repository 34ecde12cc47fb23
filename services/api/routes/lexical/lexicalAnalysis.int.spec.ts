import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DictionaryReply } from '../../../../contracts/api/lexical.ts';
import type { LexicalAnalysisReply } from '../../../../contracts/api/lexicalAnalysis.ts';
import type { ScaffoldManagerReply } from '../../../../contracts/api/scaffolds.ts';
import { maxLexiconLength } from '../../../../contracts/lexicon.ts';
import {
  auth,
  buildObjectsTestApp,
  classRoom,
  docOf,
  supportNode,
  textDoc,
  type ClassRoom,
  type Member,
} from '../../../../tests/support/objects.ts';
import type { TestApp } from '../../../../tests/support/testApp.ts';

/**
 * The lexical analysis (issue 13 §4) through the real API: a lexicon counted as whole words and
 * phrases in the notes each caller may read (a classmate's private note never counted for the
 * others), the filters (views, authors by the key the caller sees, dates, the search field's words
 * and tokens), 400s naming the field with their message codes, refusals of strangers; and the
 * student dictionary's supports used (issue 13 §1–§2).
 */

let t: TestApp;
let room: ClassRoom;
let other: ClassRoom;
let welcomeViewId = '';
let riversViewId = '';
const notes: Record<string, string> = {};
let myIdea = '';
let understand = '';

type Who = { token: string } | null;
const call = (who: Who, url: string) => t.app.inject({ method: 'GET', url, headers: who ? auth(who.token) : {} });
const must = async (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
  const response = await t.app.inject({ method, url, headers: who ? auth(who.token) : {}, ...(payload ? { payload } : {}) });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response;
};
const analysisUrl = (params: Record<string, string>) =>
  `/api/lexical/${room.communityId}/analysis?${new URLSearchParams(params).toString()}`;
const analysis = async (who: Who, params: Record<string, string>) =>
  (await must(who, 'GET', analysisUrl(params))).json<LexicalAnalysisReply>();
const frequencies = (reply: LexicalAnalysisReply) => Object.fromEntries(reply.terms.map((term) => [term.term, term.frequency]));
const codeOf = (response: { json: <T>() => T }) => response.json<{ messageCode?: string }>().messageCode;

const write = async (who: Member, title: string, body: object, viewId = welcomeViewId): Promise<string> => {
  const created = await must(who, 'POST', `/api/contributions/${room.communityId}`, {
    type: 'Note',
    title,
    placement: { viewId, x: 100, y: 100 },
  });
  const id = created.json<{ contribution: { _id: string } }>().contribution._id;
  const loaded = (await must(who, 'GET', `/api/objects/${id}`)).json<{ revision: number }>();
  await must(who, 'PUT', `/api/objects/${room.communityId}/${id}`, { revision: loaded.revision, title, body });
  return id;
};

const lexicon = 'Eau; réseau ; AUTO-ORGANISATION;organisation;\n« eau »;';

beforeAll(async () => {
  t = await buildObjectsTestApp();
  room = await classRoom(t);
  other = await classRoom(t);
  welcomeViewId = (await must(room.manager, 'GET', `/api/communities/${room.communityId}`)).json<{ views: string[] }>().views[0] ?? '';
  riversViewId = (await must(room.manager, 'POST', `/api/communities/${room.communityId}/views`, { title: 'Rivières' })).json<{
    _id: string;
  }>()._id;
  const scaffolds = (await must(room.manager, 'GET', `/api/communities/${room.communityId}/scaffoldmanager`)).json<ScaffoldManagerReply>();
  const supports = scaffolds.scaffolds[0]?.supports ?? [];
  myIdea = supports.find((s) => s.title === 'Mon idée')?._id ?? '';
  understand = supports.find((s) => s.title === "J'ai besoin de comprendre")?._id ?? '';
  notes.water = await write(
    room.a,
    'Premier texte',
    textDoc("L'eau du réseau coule. L'Eau chaude et l'eau froide.", "Auto-organisation de la classe, puis l'auto organisation."),
  );
  notes.ice = await write(room.b, 'La glace', textDoc("La glace fond dans l'eau. Des réseaux partout."));
  notes.secret = await write(room.a, 'Pensée secrète', textDoc('Eau secrète : eau, eau.'));
  await must(room.a, 'PUT', `/api/objects/${room.communityId}/${notes.secret}/permission`, { permission: 'private', group: null });
  notes.river = await write(room.c, 'Rivière', textDoc("Les rivières portent l'eau vers la mer."), riversViewId);
  notes.scaffolded = await write(
    room.a,
    'Mes idées',
    docOf(supportNode(myIdea, 'le bateau flotte'), supportNode(myIdea, 'le niveau monte'), supportNode(understand, 'pourquoi')),
  );
}, 120_000);
afterAll(async () => t?.close());

describe('lexical analysis: counting', () => {
  it('counts each term as whole words and phrases, accents, case and hyphens ignored, in every note a manager may read', async () => {
    const reply = await analysis(room.manager, { lexicon });
    expect(reply.seesNames).toBe(true);
    expect(reply.lexicon).toEqual(['eau', 'réseau', 'auto-organisation', 'organisation']);
    // eau: 3 + 1 (ice) + 3 (secret, a manager reads it) + 1 (river); never inside "réseau", "bateau" or "niveau".
    expect(frequencies(reply)).toEqual({ eau: 8, réseau: 1, 'auto-organisation': 2, organisation: 2 });
    expect(reply.terms.map((term) => term.term)).toEqual(['eau', 'auto-organisation', 'organisation', 'réseau']);
    expect(reply.terms[0]).toEqual({ term: 'eau', frequency: 8, notes: 4 });
    expect(reply.searched).toBe(5);
    const water = reply.notes.find((note) => note.id === notes.water);
    expect(water).toMatchObject({ title: 'Premier texte', author: { key: room.a.authorId, me: false } });
    expect(water?.counts).toEqual([
      { term: 'eau', count: 3 },
      { term: 'réseau', count: 1 },
      { term: 'auto-organisation', count: 2 },
      { term: 'organisation', count: 2 },
    ]);
    // The note without any term is not listed.
    expect(reply.notes.map((note) => note.id)).not.toContain(notes.scaffolded);
  });

  it("never counts a classmate's private note, nor names it; its author counts it", async () => {
    const classmate = await analysis(room.b, { lexicon: 'eau' });
    expect(classmate.seesNames).toBe(false);
    expect(frequencies(classmate)).toEqual({ eau: 5 });
    expect(classmate.notes.map((note) => note.id)).not.toContain(notes.secret);
    expect(JSON.stringify(classmate)).not.toContain('secrète');
    expect(JSON.stringify(classmate)).not.toContain(room.a.authorId);
    expect(classmate.notes.find((note) => note.id === notes.ice)?.author).toMatchObject({ key: room.b.authorId, me: true });
    const author = await analysis(room.a, { lexicon: 'eau' });
    expect(frequencies(author)).toEqual({ eau: 8 });
  });

  it('filters by views, authors (ids for a manager, letters for a writer), dates and the search field', async () => {
    expect(frequencies(await analysis(room.manager, { lexicon: 'eau', views: riversViewId }))).toEqual({ eau: 1 });
    expect(frequencies(await analysis(room.manager, { lexicon: 'eau', authors: room.a.authorId }))).toEqual({ eau: 6 });
    const today = new Date().toISOString().slice(0, 10);
    expect((await analysis(room.manager, { lexicon: 'eau', from: today, to: today })).searched).toBe(5);
    const future = await analysis(room.manager, { lexicon: 'eau', from: '2999-01-01' });
    expect([future.searched, future.notes.length, future.terms[0]?.frequency]).toEqual([0, 0, 0]);
    expect(frequencies(await analysis(room.manager, { lexicon: 'eau', query: 'glace' }))).toEqual({ eau: 1 });
    expect(frequencies(await analysis(room.manager, { lexicon: 'eau', query: `-author:${room.c.userName}` }))).toEqual({ eau: 1 });
    expect(frequencies(await analysis(room.manager, { lexicon: 'eau', query: `-view:${riversViewId}` }))).toEqual({ eau: 1 });
    // A writer names the pupil by the letter the dictionary shows them; the private note stays out.
    const dictionary = (await must(room.b, 'GET', `/api/lexical/${room.communityId}/dictionary`)).json<DictionaryReply>();
    const letters = dictionary.authors.filter((author) => !author.me).map((author) => author.key);
    const byLetter = await Promise.all(
      letters.map(async (key) => frequencies(await analysis(room.b, { lexicon: 'eau', authors: key })).eau),
    );
    expect(byLetter.sort()).toEqual([0, 0, 0, 1, 3].slice(5 - letters.length));
  });
});

describe('lexical analysis: bad input and refusals', () => {
  const field = (response: { body: string }) => response.body;

  it('answers 400 naming the field, with a message code', async () => {
    const missing = await call(room.manager, `/api/lexical/${room.communityId}/analysis`);
    expect(missing.statusCode).toBe(400);
    expect(field(missing)).toContain('lexicon');
    const empty = await call(room.manager, analysisUrl({ lexicon: ' ;;« » ; - ;' }));
    expect(empty.statusCode).toBe(400);
    expect(codeOf(empty)).toBe('lexical.emptyLexicon');
    expect(field(empty)).toContain('lexicon');
    const many = await call(room.manager, analysisUrl({ lexicon: Array.from({ length: 101 }, (_, i) => `mot${i}`).join(';') }));
    expect(many.statusCode).toBe(400);
    expect(codeOf(many)).toBe('lexical.tooManyTerms');
    // The longest lexicon, in Chinese, fits in the request (percent-encoded in the query string).
    const widest = await call(room.manager, analysisUrl({ lexicon: '水'.repeat(maxLexiconLength) }));
    expect(widest.statusCode, widest.body).toBe(200);
    const long = await call(room.manager, analysisUrl({ lexicon: 'a'.repeat(maxLexiconLength + 1) }));
    expect(long.statusCode).toBe(400);
    expect(field(long)).toContain('lexicon');
    for (const [name, params] of [
      ['from', { from: '2024-13-45' }],
      ['to', { from: '2024-05-02', to: '2024-05-01' }],
      ['authors', { authors: 'ZZZ' }],
      ['authors', { authors: 'not an author' }],
      ['views', { views: 'nope' }],
      ['query.viewIds', { query: '-view:nope' }],
    ] as const) {
      const response = await call(room.manager, analysisUrl({ lexicon: 'eau', ...params }));
      expect(response.statusCode, `${name}: ${response.body}`).toBe(400);
      expect(field(response)).toContain(name);
    }
    // A writer may not name an author by id (only by the letter they see).
    const byId = await call(room.b, analysisUrl({ lexicon: 'eau', authors: room.a.authorId }));
    expect(byId.statusCode).toBe(400);
    expect(field(byId)).toContain('authors');
    const unknownName = await call(room.manager, analysisUrl({ lexicon: 'eau', query: '-author:personne' }));
    expect(unknownName.statusCode).toBe(400);
    expect(codeOf(unknownName)).toBe('search.authorNotFound');
    const extra = await call(room.manager, `${analysisUrl({ lexicon: 'eau' })}&regex=.*`);
    expect(extra.statusCode).toBe(400);
  });

  it('answers 404 for a view the caller may not read or that is not one', async () => {
    expect((await call(room.manager, analysisUrl({ lexicon: 'eau', views: 'f'.repeat(24) }))).statusCode).toBe(404);
    expect((await call(room.manager, analysisUrl({ lexicon: 'eau', views: notes.water ?? '' }))).statusCode).toBe(404);
    const otherView =
      (await must(other.manager, 'GET', `/api/communities/${other.communityId}`)).json<{ views: string[] }>().views[0] ?? '';
    expect((await call(room.manager, analysisUrl({ lexicon: 'eau', views: otherView }))).statusCode).toBe(404);
  });

  it('refuses a stranger, a manager of another class and an anonymous caller', async () => {
    const stranger = await call(room.outsider, analysisUrl({ lexicon: 'eau' }));
    expect(stranger.statusCode).toBe(403);
    expect(codeOf(stranger)).toBe('community.notMember');
    const otherManager = await call(other.manager, analysisUrl({ lexicon: 'eau' }));
    expect(otherManager.statusCode).toBe(403);
    expect(codeOf(otherManager)).toBe('community.notMember');
    const anonymous = await call(null, analysisUrl({ lexicon: 'eau' }));
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('student dictionary: supports used', () => {
  it("lists the scaffold supports of the author's notes, most used first, with their scaffold", async () => {
    const reply = (
      await must(room.manager, 'GET', `/api/lexical/${room.communityId}/dictionary?author=${room.a.authorId}`)
    ).json<DictionaryReply>();
    expect(reply.supports).toEqual([
      { id: myIdea, title: 'Mon idée', scaffoldTitle: 'Amélioration des idées', count: 2, notes: 1 },
      { id: understand, title: "J'ai besoin de comprendre", scaffoldTitle: 'Amélioration des idées', count: 1, notes: 1 },
    ]);
    const none = (
      await must(room.manager, 'GET', `/api/lexical/${room.communityId}/dictionary?author=${room.b.authorId}`)
    ).json<DictionaryReply>();
    expect(none.supports).toEqual([]);
  });
});
