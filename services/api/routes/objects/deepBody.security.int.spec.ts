import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObjectReply } from '../../../../contracts/api/objects.ts';
import { contributionStreamName } from '../../../../contracts/events/contribution.ts';
import { maxNoteDepth } from '../../../../contracts/noteSchema.ts';
import { activate, call, canvasWorld, placedNote, type CanvasWorld } from '../../../../tests/support/canvas.ts';
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
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'services/cli/main.ts', ...args], { cwd: root, env: { ...process.env, BUILDON_DATA_DIR: dataDir } });
    return { code: 0, stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: `${e.stdout}${e.stderr}` };
  }
};

let t: TestApp;
let w: CanvasWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await canvasWorld(t);
});
afterAll(async () => {
  await t?.close();
});

const putRaw = (noteId: string, payload: string) =>
  t.app.inject({ method: 'PUT', url: `/api/objects/${w.communityId}/${noteId}`, headers: { ...bearer(w.writer.token), 'content-type': 'application/json' }, payload });

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
      expect(problem.errors[0]?.message).toContain(`nested more than ${maxNoteDepth} deep`);
      expect(await t.infra.eventStore.headPosition()).toBe(head);
      await expectCommunityWorks(t, w, noteId);
    });
  }

  it('a body just within the limit is saved', async () => {
    const { noteId } = await placedNote(w, w.writer, w.welcomeViewId, 10, 10);
    const loaded = await call<ObjectReply>(t, w.writer.token, 'GET', `/api/objects/${noteId}`);
    const reply = await call(t, w.writer.token, 'PUT', `/api/objects/${w.communityId}/${noteId}`, { revision: loaded.body.revision, title: 'Nested', body: nestedBody(maxNoteDepth - 3) });
    expect(reply.status, reply.raw).toBe(200);
  });

  it('JSON nested 100,000 levels deep anywhere in the request is a 400, never a 500', async () => {
    const { noteId } = await placedNote(w, w.writer, w.welcomeViewId, 10, 10);
    const reply = await putRaw(noteId, `{"revision":0,"title":"x","body":{"type":"doc","content":${'['.repeat(100_000)}${']'.repeat(100_000)}}}`);
    expect(reply.statusCode, reply.body).toBe(400);
    const keywords = await putRaw(noteId, `{"revision":0,"title":"x","body":{"type":"doc","content":[]},"deep":${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}}`);
    expect(keywords.statusCode, keywords.body).toBe(400);
  });

  it('one already in the log (written before the check) breaks nothing: routes, restart, rebuild, doctor, export', async () => {
    const dataDir = tempDataDir();
    let u = await buildTestApp({ dataDir });
    try {
      const world = await canvasWorld(u);
      const { noteId } = await placedNote(world, world.writer, world.welcomeViewId, 30, 30, 'Old deep note');
      // As the old server did: the save went straight to the decider.
      await activate(u, noteId, [
        { type: 'SaveNote', data: { title: 'Old deep note', body: nestedBody(1_500), keywords: [], wordCount: 1, text4search: '( Old deep note ) deep', newId: () => u.infra.commandDeps.ids.next() } },
      ]);
      expect((await u.infra.eventStore.readStream(contributionStreamName(noteId))).events.some((e) => e.type === 'NoteSaved')).toBe(true);
      await expectCommunityWorks(u, world, noteId);
      const shown = await call<ObjectReply>(u, world.writer2.token, 'GET', `/api/objects/${noteId}`);
      expect(JSON.stringify(shown.body.data.body)).toContain('nested too deeply');

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
});
