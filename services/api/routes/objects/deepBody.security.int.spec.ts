import { noteBodyOf } from '../../../../contracts/contributionData.ts';
import { execFile } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { CommunitySettings } from '../../../../contracts/api/communities.ts';
import type { ObjectReply } from '../../../../contracts/api/objects.ts';
import { contributionStreamName } from '../../../../contracts/events/contribution.ts';
import { Messages } from '../../../../contracts/catalogs/messages.ts';
import { maxNoteDepth, maxNoteNodes } from '../../../../contracts/noteSchema.ts';
import { openDatabase } from '../../../adapters/sqlite-eventstore/database.ts';
import { SqliteEventStore } from '../../../adapters/sqlite-eventstore/sqliteEventStore.ts';
import { doctorReport } from '../../../cli/doctor.ts';
import { jsonTooDeepMessage, maxRequestJsonDepth } from '../../plugins/jsonDepth.ts';
import { activate, call, canvasWorld, placedNote, type CanvasWorld, useCanvasWorld } from '../../../../tests/support/canvas.ts';
import { bearer, buildTestApp, tempDataDir, type TestApp } from '../../../../tests/support/testApp.ts';

/**
 * Issue 20 §0: one pupil's note nesting 1,000 blockquotes used to be appended,
 * answer 500, break the canvas, search and the note for everyone, and stop the
 * server from starting again. It is refused before anything is appended; a body
 * like it already in the log (written before the check) breaks nothing.
 */

/** A note body whose paragraph sits inside `depth` blockquotes. */
const nestedBody = (depth: number) => {
  let node: Record<string, unknown> = { type: 'paragraph', content: [{ type: 'text', text: 'deep' }] };
  for (let i = 0; i < depth; i++) node = { type: 'blockquote', content: [node] };
  return { type: 'doc', content: [node] };
};
/** The same as JSON text, built without JSON.stringify (which overflows past a few thousand levels). */
const nestedBodyText = (depth: number) =>
  `${'{"type":"blockquote","content":['.repeat(depth)}{"type":"paragraph","content":[{"type":"text","text":"deep"}]}${']}'.repeat(depth)}`;

const run = promisify(execFile);
const root = join(import.meta.dirname, '../../../..');
const kf = async (dataDir: string, ...args: string[]) => {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'services/cli/main.ts', ...args], {
      cwd: root,
      env: { ...process.env, BUILDON_DATA_DIR: dataDir },
    });
    return { code: 0, stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: `${e.stdout}${e.stderr}` };
  }
};

const { t, w } = useCanvasWorld();

const putRaw = (noteId: string, payload: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/objects/${w.communityId}/${noteId}`,
    headers: { ...bearer(w.writer.token), 'content-type': 'application/json' },
    payload,
  });

/** The routes a class uses around a note: every one must keep answering. */
const expectCommunityWorks = async (app: TestApp, world: CanvasWorld, noteId: string) => {
  const w = world;
  const canvas = await call(app, w.writer2.token, 'GET', `/api/views/${w.welcomeViewId}/canvas`);
  expect(canvas.status, canvas.raw).toBe(200);
  const search = await call(app, w.writer2.token, 'POST', `/api/contributions/${w.communityId}/search`, { query: { words: 'deep' } });
  expect(search.status, search.raw).toBe(200);
  const note = await call(app, w.writer2.token, 'GET', `/api/objects/${noteId}`);
  expect(note.status, note.raw).toBe(200);
  const links = await call(app, w.writer2.token, 'GET', `/api/links/from/${noteId}`);
  expect(links.status, links.raw).toBeLessThan(500);
};

describe('a note body nested too deep', () => {
  for (const depth of [maxNoteDepth + 1, 200, 1_000, 10_000]) {
    it(`is refused with 400 on body at ${depth} blockquotes, and nothing is appended`, async () => {
      const { noteId } = await placedNote(w, w.writer, w.welcomeViewId, 10, 10);
      const loaded = await call<ObjectReply>(t, w.writer.token, 'GET', `/api/objects/${noteId}`);
      const head = await t.infra.eventStore.headPosition();
      const body = `{"revision":${loaded.body.revision},"title":"Deep","body":{"type":"doc","content":[${nestedBodyText(depth)}]}}`;
      const reply = await putRaw(noteId, body);
      expect(reply.statusCode, reply.body).toBe(400);
      const problem = reply.json<{ errors: { field: string; message: string }[] }>();
      expect(problem.errors[0]?.field).toBe('body');
      // The contract's message, which the web client shows in the writer's language; JSON
      // nested deeper than any request needs is refused before it is even parsed.
      expect(problem.errors[0]).toMatchObject(
        2 * depth + 6 > maxRequestJsonDepth
          ? { message: jsonTooDeepMessage.text, messageCode: 'errors.jsonTooDeep', params: { depth: maxRequestJsonDepth } }
          : { message: Messages.noteTooDeep, messageCode: 'messages.noteTooDeep' },
      );
      expect(await t.infra.eventStore.headPosition()).toBe(head);
      await expectCommunityWorks(t, w, noteId);
    });
  }

  it(`a body of more than ${maxNoteNodes} nodes is refused with 400 on body, and nothing is appended`, async () => {
    const { noteId } = await placedNote(w, w.writer, w.welcomeViewId, 10, 10);
    const loaded = await call<ObjectReply>(t, w.writer.token, 'GET', `/api/objects/${noteId}`);
    const head = await t.infra.eventStore.headPosition();
    const paragraphs = (n: number) => Array.from({ length: n }, () => ({ type: 'paragraph' }));
    const reply = await call<{ errors: { field: string; message: string }[] }>(
      t,
      w.writer.token,
      'PUT',
      `/api/objects/${w.communityId}/${noteId}`,
      {
        revision: loaded.body.revision,
        title: 'Long',
        body: { type: 'doc', content: paragraphs(maxNoteNodes) },
      },
    );
    expect(reply.status, reply.raw).toBe(400);
    expect(reply.body.errors[0]).toEqual({ field: 'body', message: Messages.noteTooLarge, messageCode: 'messages.noteTooLarge' });
    expect(await t.infra.eventStore.headPosition()).toBe(head);
    // One node fewer (with the doc) is a note like any other.
    const fits = await call(t, w.writer.token, 'PUT', `/api/objects/${w.communityId}/${noteId}`, {
      revision: loaded.body.revision,
      title: 'Long',
      body: { type: 'doc', content: paragraphs(maxNoteNodes - 1) },
    });
    expect(fits.status, fits.raw).toBe(200);
  });

  it("a multilanguage note's translation nested too deep is refused with 400 on translations.{lang}.body", async () => {
    const world = await canvasWorld(t);
    const settings = (await call<CommunitySettings>(t, world.manager.token, 'GET', `/api/communities/${world.communityId}/settings`)).body;
    Object.assign(settings.data, { defaultLang: 'fr', languages: ['en'] });
    settings.data.plugins.multilanguage = true;
    const on = await call(t, world.manager.token, 'PUT', `/api/communities/${world.communityId}/settings`, {
      data: settings.data,
      scaffoldIds: settings.scaffoldIds,
    });
    expect(on.status, on.raw).toBe(200);
    const { noteId } = await placedNote(world, world.writer, world.welcomeViewId, 10, 10);
    const head = await t.infra.eventStore.headPosition();
    const save = (enBody: unknown) =>
      call<{ errors: { field: string; message: string }[] }>(t, world.writer.token, 'PUT', `/api/objects/${world.communityId}/${noteId}`, {
        revision: 1,
        title: 'Soleil',
        body: nestedBody(1),
        translations: { fr: { title: 'Soleil', body: nestedBody(1) }, en: { title: 'Sun', body: enBody } },
      });
    const deep = await save(nestedBody(200));
    expect(deep.status, deep.raw).toBe(400);
    expect(deep.body.errors[0]).toEqual({
      field: 'translations.en.body',
      message: Messages.noteTooDeep,
      messageCode: 'messages.noteTooDeep',
    });
    expect(await t.infra.eventStore.headPosition()).toBe(head);
    const fine = await save(nestedBody(2));
    expect(fine.status, fine.raw).toBe(200);
  });

  it('a body just within the limit is saved', async () => {
    const { noteId } = await placedNote(w, w.writer, w.welcomeViewId, 10, 10);
    const loaded = await call<ObjectReply>(t, w.writer.token, 'GET', `/api/objects/${noteId}`);
    const reply = await call(t, w.writer.token, 'PUT', `/api/objects/${w.communityId}/${noteId}`, {
      revision: loaded.body.revision,
      title: 'Nested',
      body: nestedBody(maxNoteDepth - 3),
    });
    expect(reply.status, reply.raw).toBe(200);
  });

  it('JSON nested 100,000 levels deep anywhere in the request is a 400, never a 500', async () => {
    const { noteId } = await placedNote(w, w.writer, w.welcomeViewId, 10, 10);
    const reply = await putRaw(
      noteId,
      `{"revision":0,"title":"x","body":{"type":"doc","content":${'['.repeat(100_000)}${']'.repeat(100_000)}}}`,
    );
    expect(reply.statusCode, reply.body).toBe(400);
    const keywords = await putRaw(
      noteId,
      `{"revision":0,"title":"x","body":{"type":"doc","content":[]},"deep":${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}}`,
    );
    expect(keywords.statusCode, keywords.body).toBe(400);
    expect(keywords.json<{ errors: { field: string; message: string }[] }>().errors[0]).toEqual({
      field: 'body',
      message: jsonTooDeepMessage.text,
      messageCode: 'errors.jsonTooDeep',
      params: { depth: maxRequestJsonDepth },
    });
    // Every route, signed in or not: refused before parsing, whatever the route's schema.
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const attempts = [
      { method: 'POST', url: '/auth/local', payload: `{"userName":"a","password":${deep}}`, token: null },
      { method: 'POST', url: '/api/users', payload: `{"userName":${deep}}`, token: null },
      { method: 'POST', url: `/api/contributions/${w.communityId}/search`, payload: `{"query":${deep}}`, token: w.writer.token },
      {
        method: 'PUT',
        url: `/api/communities/${w.communityId}/settings`,
        payload: `{"data":${deep},"scaffoldIds":[]}`,
        token: w.manager.token,
      },
      {
        method: 'POST',
        url: '/api/links',
        payload: `{"from":"${noteId}","to":"${noteId}","type":"references","data":${deep}}`,
        token: w.writer.token,
      },
    ] as const;
    for (const { method, url, payload, token } of attempts) {
      const reply = await t.app.inject({
        method,
        url,
        payload,
        headers: { ...(token ? bearer(token) : {}), 'content-type': 'application/json; charset=utf-8' },
      });
      expect(reply.statusCode, `${url}: ${reply.body}`).toBe(400);
      expect(reply.json<{ errors: { field: string }[] }>().errors[0]?.field).toBe('body');
    }
    // The server is still up and answers as before.
    const canvas = await call(t, w.writer2.token, 'GET', `/api/views/${w.welcomeViewId}/canvas`);
    expect(canvas.status, canvas.raw).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/local',
      payload: { userName: 'nobody-here', password: 'wrong-password' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('one already in the log (written before the check) breaks nothing: routes, restart, rebuild, doctor, export', async () => {
    const dataDir = tempDataDir();
    let u = await buildTestApp({ dataDir });
    try {
      const world = await canvasWorld(u);
      const { noteId } = await placedNote(world, world.writer, world.welcomeViewId, 30, 30, 'Old deep note');
      // As the old server did: the save went straight to the decider.
      await activate(u, noteId, [
        {
          type: 'SaveNote',
          data: {
            title: 'Old deep note',
            body: nestedBody(1_500),
            keywords: [],
            wordCount: 1,
            text4search: '( Old deep note ) deep',
            newId: () => u.infra.commandDeps.ids.next(),
          },
        },
      ]);
      expect((await u.infra.eventStore.readStream(contributionStreamName(noteId))).events.some((e) => e.type === 'NoteSaved')).toBe(true);
      await expectCommunityWorks(u, world, noteId);
      const shown = await call<ObjectReply>(u, world.writer2.token, 'GET', `/api/objects/${noteId}`);
      expect(JSON.stringify(noteBodyOf(shown.body))).toContain('nested too deeply');

      // Restart on the same data (the snapshot holds the deep document).
      await u.close();
      u = await buildTestApp({ dataDir });
      await expectCommunityWorks(u, world, noteId);
      await u.close();

      const rebuilt = await kf(dataDir, 'rebuild');
      expect(rebuilt.code, rebuilt.stdout).toBe(0);
      const doctor = await kf(dataDir, 'doctor');
      expect(doctor.code, doctor.stdout).toBe(0);
      expect(doctor.stdout).toContain('no quarantined events');
      const exported = await kf(dataDir, 'export', '--out', join(dataDir, 'export'));
      expect(exported.code, exported.stdout).toBe(0);
      expect(exported.stdout).toMatch(/exported \d+ events/);

      u = await buildTestApp({ dataDir });
      await expectCommunityWorks(u, world, noteId);
    } finally {
      await u.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
  it('events written straight into the log while the server was down (a body 1,000 deep, one no projection can apply) are replayed at start, quarantined, listed by kf doctor, and break nothing', async () => {
    const dataDir = tempDataDir();
    let u = await buildTestApp({ dataDir });
    try {
      const world = await canvasWorld(u);
      const deep = await placedNote(world, world.writer, world.welcomeViewId, 40, 40, 'Deep note');
      const broken = await placedNote(world, world.writer, world.welcomeViewId, 80, 80, 'Broken note');
      await u.close();

      // As old data (or a hand-edited log) could be: appended to the event store itself, no API check on the way.
      const store = SqliteEventStore.open(join(dataDir, 'buildon.sqlite'));
      const noteSaved = (contributionId: string, body: unknown, keywords: unknown) => ({
        type: 'NoteSaved',
        data: { contributionId, title: 'Saved straight', body, keywords, wordCount: 1, text4search: '( Saved straight ) deep ( )' },
        metadata: { actorId: world.writer.userId, at: new Date().toISOString() },
      });
      await store.append(contributionStreamName(deep.noteId), [noteSaved(deep.noteId, nestedBody(1_000), [])]);
      // keywords null: the contributions projection throws on it ("not iterable").
      const poisoned = await store.append(contributionStreamName(broken.noteId), [noteSaved(broken.noteId, nestedBody(1), null)]);
      await store.close();

      // The start replays the tail past the snapshot: it comes up, and every route of the community answers.
      u = await buildTestApp({ dataDir });
      await expectCommunityWorks(u, world, deep.noteId);
      await expectCommunityWorks(u, world, broken.noteId);
      const shown = await call<ObjectReply>(u, world.writer2.token, 'GET', `/api/objects/${deep.noteId}`);
      expect(shown.body.title).toBe('Saved straight');
      expect(JSON.stringify(noteBodyOf(shown.body))).toContain('nested too deeply');
      const quarantined = (await doctorReport(u.infra.readStore)).quarantined;
      expect(quarantined).toContainEqual(
        expect.objectContaining({
          projection: 'contributions',
          position: poisoned.lastPosition,
          eventType: 'NoteSaved',
          streamName: contributionStreamName(broken.noteId),
        }),
      );
      expect(quarantined.every((entry) => entry.position === poisoned.lastPosition)).toBe(true);
      // The live path goes on: the note whose save was skipped is saved again. The skipped save is
      // a change the writer did not see, so the first try is a conflict naming the revision to save over.
      const current = await call<ObjectReply>(u, world.writer.token, 'GET', `/api/objects/${broken.noteId}`);
      const mend = (revision: number) =>
        call<ObjectReply & { current: { revision: number } }>(
          u,
          world.writer.token,
          'PUT',
          `/api/objects/${world.communityId}/${broken.noteId}`,
          {
            revision,
            title: 'Mended',
            body: nestedBody(1),
          },
        );
      const conflict = await mend(current.body.revision);
      expect(conflict.status, conflict.raw).toBe(409);
      const resaved = await mend(conflict.body.current.revision);
      expect(resaved.status, resaved.raw).toBe(200);
      expect(resaved.body.title).toBe('Mended');
      await u.close();

      const rebuilt = await kf(dataDir, 'rebuild');
      expect(rebuilt.code, rebuilt.stdout).toBe(0);
      // kf doctor exits 3 while events are quarantined, naming each.
      const doctor = await kf(dataDir, 'doctor');
      expect(doctor.code, doctor.stdout).toBe(3);
      expect(doctor.stdout).toContain(`#${poisoned.lastPosition} NoteSaved in ${contributionStreamName(broken.noteId)}`);
      expect(doctor.stdout).toContain('projection contributions');
      expect(doctor.stdout).toMatch(/not iterable/);

      const out = join(dataDir, 'export');
      const exported = await kf(dataDir, 'export', '--out', out);
      expect(exported.code, exported.stdout).toBe(0);
      // The export is of the raw log: both events are in it as written.
      const lines = readFileSync(join(out, 'events.jsonl'), 'utf8').trim().split('\n');
      const deepLine = lines.find((line) => line.includes(deep.noteId) && line.includes('"NoteSaved"'));
      expect(deepLine?.split('{"type":"blockquote"').length).toBe(1_001);
      expect(lines.some((line) => line.includes(broken.noteId) && line.includes('"keywords":null'))).toBe(true);
      const archive = await kf(dataDir, 'export', '--community', world.communityId, '--out', join(dataDir, 'archive'));
      expect(archive.code, archive.stdout).toBe(0);

      u = await buildTestApp({ dataDir });
      await expectCommunityWorks(u, world, deep.noteId);
      expect((await call<ObjectReply>(u, world.writer2.token, 'GET', `/api/objects/${broken.noteId}`)).body.title).toBe('Mended');
    } finally {
      await u.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
  it('a read store snapshot that cannot be read does not keep the server from starting: the read models are rebuilt from the log', async () => {
    const dataDir = tempDataDir();
    // Snapshots are the in-memory read store's (BUILDON_READ_STORE=memory); the SQLite one has its own damage tests.
    const memory = { config: { embeddedReadStore: 'memory' as const } };
    let u = await buildTestApp({ dataDir, ...memory });
    try {
      const world = await canvasWorld(u);
      const { noteId } = await placedNote(world, world.writer, world.welcomeViewId, 40, 40, 'Kept note');
      await u.close();
      const db = openDatabase(join(dataDir, 'buildon.sqlite'));
      const changed = db.prepare('UPDATE snapshots SET bytes = ?').run(Buffer.from('not a snapshot at all'));
      db.close();
      expect(changed.changes).toBe(1);

      u = await buildTestApp({ dataDir, ...memory });
      await expectCommunityWorks(u, world, noteId);
      expect((await call<ObjectReply>(u, world.writer2.token, 'GET', `/api/objects/${noteId}`)).body.title).toBe('Kept note');
    } finally {
      await u.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
