import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObjectReply } from '../../../../contracts/api/objects.ts';
import type { ViewCanvasReply } from '../../../../contracts/api/views.ts';
import type { CommunitySettings } from '../../../../contracts/api/communities.ts';
import frServer from '../../../../web/src/i18n/locales/server/fr.json' with { type: 'json' };
import { call, canvasWorld, createContribution, placedNote, type CanvasWorld, type Member } from '../../../../tests/support/canvas.ts';
import { joinCommunity } from '../../../../tests/support/communities.ts';
import { fakeGoogleEnv, startFakeGoogle, type FakeGoogle } from '../../../../tests/support/fakeGoogle.ts';
import { samplePng } from '../../../../tests/support/objects.ts';
import { buildTestApp, type TestApp } from '../../../../tests/support/testApp.ts';
import { googleSettings } from '../../../integrations/google/googleSettings.ts';
import { googleProbe } from '../../../integrations/google/googleProbe.ts';
import { createLogger } from '../../../app/logger.ts';
import { buildApp } from '../../app.ts';

type Problem = { message: string; messageCode?: string; errors?: { field: string; messageCode?: string }[] };

/**
 * Google Docs / Drive (issue 18 §6) against tests/support/fakeGoogle.ts, a
 * local HTTP server speaking Google's OAuth token endpoint, Drive v3 and Docs
 * v1: the whole consent redirect, the Doc made from a note and brought back,
 * an import from Drive onto a view, and the refusals.
 */
let fake: FakeGoogle;
let t: TestApp;
let w: CanvasWorld;

const publicUrl = 'http://buildon.test';

beforeAll(async () => {
  fake = await startFakeGoogle();
  t = await buildTestApp({ google: googleSettings(fakeGoogleEnv(fake), publicUrl), config: { uploadLimitMb: 1 } });
  w = await canvasWorld(t);
  await plugins({ googledocs: true, googledrive: true });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const plugins = async (flags: Record<string, boolean>) => {
  const url = `/api/communities/${w.communityId}/settings`;
  const settings = (await call<CommunitySettings>(t, w.admin.token, 'GET', url)).body;
  Object.assign(settings.data.plugins, flags);
  const saved = await call(t, w.admin.token, 'PUT', url, { data: settings.data, scaffoldIds: settings.scaffoldIds });
  expect(saved.status, saved.raw).toBe(200);
};

/** The consent flow as a browser does it: our consent URL → Google's page → back to our callback. */
const consent = async (who: { token: string }) => {
  const reply = await call<{ data: string }>(t, who.token, 'POST', '/auth/googleOAuth/getOAuthUrl', { viewId: w.welcomeViewId });
  expect(reply.status, reply.raw).toBe(200);
  const atGoogle = await fetch(reply.body.data, { redirect: 'manual' });
  expect(atGoogle.status).toBe(302);
  const back = new URL(atGoogle.headers.get('location') ?? '');
  expect(`${back.origin}${back.pathname}`).toBe(`${publicUrl}/auth/googleOAuth/getToken`);
  return `${back.pathname}${back.search}`;
};
const authorise = async (who: { token: string }) => {
  const callback = await t.app.inject({ method: 'GET', url: await consent(who) });
  expect(callback.statusCode, callback.body).toBe(302);
  expect(callback.headers.location).toBe(`/view/${w.welcomeViewId}`);
};
const status = async (who: { token: string }) =>
  (await call<{ data: boolean; configured: boolean }>(t, who.token, 'POST', '/auth/googleOAuth/checkStatus', {})).body;

const french = (code: string | undefined) => {
  const [catalog, key] = (code ?? '').split('.') as [string, string];
  return (frServer.server as Record<string, Record<string, string>>)[catalog]?.[key];
};

describe('Google authorisation (OAuth 2.0 authorization code)', () => {
  it('stores the grant of the signed-in user, encrypted: the refresh token is nowhere in clear', async () => {
    expect(await status(w.writer)).toEqual({ data: false, configured: true });
    await authorise(w.writer);
    expect(await status(w.writer)).toEqual({ data: true, configured: true });
    expect(await status(w.writer2)).toEqual({ data: false, configured: true });

    const refreshToken = fake.refreshTokens.at(-1) ?? '';
    expect(refreshToken).not.toBe('');
    const events = await t.infra.eventStore.readAll();
    const linked = events.filter((event) => event.type === 'GoogleAccountLinked');
    expect(linked).toHaveLength(1);
    expect(linked[0]?.streamName).toBe(`googleAccount-${w.writer.userId}`);
    expect(JSON.stringify(events)).not.toContain(refreshToken);
    expect(JSON.stringify(events)).not.toContain(refreshToken.slice(10, 30));
    // Only the token endpoint ever receives it back (to refresh), never a Drive or Docs call.
    const create = await placedNote(w, w.writer, w.welcomeViewId, 10, 10, 'Probe note');
    const reply = await call(t, w.writer.token, 'POST', '/auth/googleFile/create', {
      noteId: create.noteId,
      title: 'Probe',
      scaffolds: [],
    });
    expect(reply.status, reply.raw).toBe(200);
    expect(reply.raw).not.toContain(refreshToken);
    for (const request of fake.requests.filter((r) => r.path !== '/token')) expect(request.body).not.toContain(refreshToken);
    const probe = await googleProbe(googleSettings(fakeGoogleEnv(fake), publicUrl)).check();
    expect(probe).toMatchObject({ name: 'google', configured: true, reachable: true, lastError: null });
    expect(JSON.stringify(probe)).not.toContain(fake.clientSecret);
  });

  it('never writes the single-use code nor the state of the redirect to the request log', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const logged = await buildApp({
      services: t.infra,
      jwtSecret: t.infra.secret,
      webRoot: null,
      logger: createLogger('info', sink),
      google: googleSettings(fakeGoogleEnv(fake), publicUrl),
    });
    try {
      // The admin: the other tests count on the members' own grants.
      const callback = await consent(w.admin);
      const reply = await logged.inject({ method: 'GET', url: callback });
      expect(reply.statusCode, reply.body).toBe(302);
      const params = new URL(callback, publicUrl).searchParams;
      const log = lines.join('');
      expect(log).toContain('/auth/googleOAuth/getToken?code=[redacted]');
      for (const secret of [params.get('code'), params.get('state')]) {
        expect(secret?.length).toBeGreaterThan(8);
        expect(log).not.toContain(secret);
      }
    } finally {
      await logged.close();
    }
  });

  it("refuses a state used twice, another user's state tampered with, and a forged one (CSRF), in French", async () => {
    const callback = await consent(w.writer2);
    expect((await t.app.inject({ method: 'GET', url: callback })).statusCode).toBe(302);
    const replayed = await t.app.inject({ method: 'GET', url: callback });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json<Problem>().errors?.[0]?.field).toBe('state');
    expect(french(replayed.json<Problem>().messageCode)).toBe("Ce lien d'autorisation Google est invalide ou a expiré ; réessayez.");

    const fresh = new URL(await consent(w.writer2), publicUrl);
    const state = fresh.searchParams.get('state') ?? '';
    fresh.searchParams.set('state', state.replace(w.writer2.userId, w.manager.userId));
    const tampered = await t.app.inject({ method: 'GET', url: `${fresh.pathname}${fresh.search}` });
    expect(tampered.statusCode).toBe(400);
    expect(await status(w.manager)).toEqual({ data: false, configured: true });
  });
});

describe('a Google Doc from a note', () => {
  let noteId = '';
  let docId = '';

  it('creates it with the title and the scaffolds, shares it with the co-authors, and links it to the note', async () => {
    noteId = (await placedNote(w, w.writer, w.welcomeViewId, 50, 50, 'Photosynthesis')).noteId;
    const coauthor = await call(t, w.writer.token, 'POST', `/api/objects/${w.communityId}/${noteId}/authors`, {
      authorId: w.writer2.authorId,
    });
    expect(coauthor.status, coauthor.raw).toBe(200);
    const reply = await call<{ data: { docId: string } }>(t, w.writer.token, 'POST', '/auth/googleFile/create', {
      userName: 'someone-else',
      noteId,
      title: 'Photosynthesis',
      scaffolds: ['My theory', 'I need to understand'],
    });
    expect(reply.status, reply.raw).toBe(200);
    docId = reply.body.data.docId;
    const doc = fake.files.get(docId);
    expect(doc?.name).toBe('Photosynthesis');
    expect(doc?.text).toBe('My theory\n\nI need to understand\n\n');
    const writer2 = (await call<{ email: string }>(t, w.writer2.token, 'GET', `/api/users/${w.writer2.userId}`)).body;
    expect(fake.permissions.filter((p) => p.fileId === docId)).toEqual([
      { fileId: docId, type: 'user', role: 'writer', emailAddress: writer2.email },
    ]);
    const links = (await t.infra.eventStore.readStream(`googleDoc-${noteId}`)).events;
    expect(links.map((event) => event.type)).toEqual(['GoogleDocLinked']);
  });

  it("brings the Doc's text back as a new version of the note, as text (markup stays text)", async () => {
    const before = (await call<ObjectReply>(t, w.writer.token, 'GET', `/api/objects/${noteId}`)).body;
    const doc = fake.files.get(docId);
    if (doc) doc.text = 'Plants make sugar.\r\n<img src=x onerror=alert(1)>\r\n\r\nFrom light.';
    const reply = await call<{ data: { title: string } }>(t, w.writer.token, 'POST', '/auth/googleFile/export', { noteId, docId });
    expect(reply.status, reply.raw).toBe(200);
    const after = (await call<ObjectReply>(t, w.writer.token, 'GET', `/api/objects/${noteId}`)).body;
    expect(after.revision).toBeGreaterThan(before.revision);
    const body = JSON.stringify((after.data as { body?: unknown }).body);
    expect(body).toContain('Plants make sugar.');
    expect(body).toContain('"text":"<img src=x onerror=alert(1)>"');
    expect(body).not.toContain('"type":"image"');
  });

  it("shares the Doc with a teacher who asks, with the creator's grant, by the teacher's e-mail", async () => {
    const reply = await call<{ data: string }>(t, w.manager.token, 'POST', '/auth/googleFile/addPermission', { noteId });
    expect(reply.status, reply.raw).toBe(200);
    expect(reply.body.data).toBe(w.manager.userId);
    const manager = (await call<{ email: string }>(t, w.manager.token, 'GET', `/api/users/${w.manager.userId}`)).body;
    expect(fake.permissions.at(-1)).toEqual({ fileId: docId, type: 'user', role: 'writer', emailAddress: manager.email });
    const outsider = await call<Problem>(t, w.outsider.token, 'POST', '/auth/googleFile/addPermission', { noteId });
    expect(outsider.status).toBe(403);
  });

  it('refuses who may not edit the note, the plugin off, a blank title and a user who has not authorised, in French', async () => {
    const own = (await placedNote(w, w.writer, w.welcomeViewId, 90, 90, 'Mine')).noteId;
    const body = { noteId: own, title: 'Doc', scaffolds: [] };
    const outsider = await call<Problem>(t, w.outsider.token, 'POST', '/auth/googleFile/create', body);
    expect(outsider.status).toBe(403);
    expect(french(outsider.body.messageCode)).toBeTruthy();
    expect((await call(t, null, 'POST', '/auth/googleFile/create', body)).status).toBe(401);
    const classmate = await call<Problem>(t, w.writer2.token, 'POST', '/auth/googleFile/export', { noteId: own, docId });
    expect(classmate.status).toBe(403);

    const blank = await call<Problem>(t, w.writer.token, 'POST', '/auth/googleFile/create', { ...body, title: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.errors?.[0]?.field).toBe('title');
    expect(french(blank.body.messageCode)).toBe('Le titre ne peut pas être vide.');

    const mate = (await placedNote(w, w.manager, w.welcomeViewId, 120, 90, 'Teacher note')).noteId;
    const unauthorised = await call<Problem>(t, w.manager.token, 'POST', '/auth/googleFile/create', { ...body, noteId: mate });
    expect(unauthorised.status).toBe(409);
    expect(french(unauthorised.body.messageCode)).toBe("Autorisez d'abord Buildon à utiliser votre compte Google.");

    await plugins({ googledocs: false });
    const off = await call<Problem>(t, w.writer.token, 'POST', '/auth/googleFile/create', body);
    expect(off.status).toBe(403);
    expect(french(off.body.messageCode)).toBe("Google Docs ou Drive n'est pas activé dans cette communauté.");
    await plugins({ googledocs: true });
  });
});

describe('import from Google Drive onto a view', () => {
  it('adds the file as an attachment placed on the view, through the ordinary upload', async () => {
    const fileId = fake.addFile('leaf.png', 'image/png', samplePng(30, 20));
    const reply = await call<{ data: { attachmentId: string; version: number; size: number } }>(
      t,
      w.writer.token,
      'POST',
      '/auth/googleFile/import',
      {
        communityId: w.communityId,
        fileId,
        placement: { viewId: w.welcomeViewId, x: 300, y: 120 },
      },
    );
    expect(reply.status, reply.raw).toBe(200);
    expect(reply.body.data.version).toBe(1);
    const attachment = (await call<ObjectReply>(t, w.writer.token, 'GET', `/api/objects/${reply.body.data.attachmentId}`)).body;
    expect(attachment.title).toBe('leaf.png');
    const canvas = (await call<ViewCanvasReply>(t, w.writer.token, 'GET', `/api/views/${w.welcomeViewId}/canvas`)).body;
    expect(JSON.stringify(canvas)).toContain(reply.body.data.attachmentId);
  });

  it('refuses a file over the upload limit before creating anything (413), and the plugin off (403)', async () => {
    const big = fake.addFile('huge.bin', 'application/octet-stream', new Uint8Array(1024 * 1024 + 10));
    const before = (await t.infra.eventStore.readAll()).length;
    const input = { communityId: w.communityId, fileId: big, placement: { viewId: w.welcomeViewId, x: 1, y: 1 } };
    expect((await call(t, w.writer.token, 'POST', '/auth/googleFile/import', input)).status).toBe(413);
    expect((await t.infra.eventStore.readAll()).length).toBe(before);
    await plugins({ googledrive: false });
    expect((await call(t, w.writer.token, 'POST', '/auth/googleFile/import', input)).status).toBe(403);
    await plugins({ googledrive: true });
    expect((await call(t, w.outsider.token, 'POST', '/auth/googleFile/import', input)).status).toBe(403);
  });
});

describe('a grant revoked at Google', () => {
  it('is forgotten: 409 "authorise first", and checkStatus says so', async () => {
    const member: Member = w.manager;
    await authorise(member);
    expect(await status(member)).toMatchObject({ data: true });
    fake.revoke(fake.refreshTokens.at(-1) ?? '');
    const noteId = (await createContribution(w, member, { type: 'Note', title: 'x' })).contribution._id;
    const reply = await call<Problem>(t, member.token, 'POST', '/auth/googleFile/create', { noteId, title: 'Doc', scaffolds: [] });
    expect(reply.status).toBe(409);
    expect(await status(member)).toMatchObject({ data: false });
  });
});

describe('the Drive files a member may import (POST /auth/googleFile/list)', () => {
  type Listed = {
    data: { files: { id: string; name: string; mimeType: string; modifiedTime: string | null }[]; nextPageToken: string | null };
  };
  const list = (who: { token: string }, body: Record<string, unknown> = {}) =>
    call<Listed & Problem>(t, who.token, 'POST', '/auth/googleFile/list', { viewId: w.welcomeViewId, ...body });

  it("lists the caller's own files, newest first, with only the fields shown, and pages through them", async () => {
    await authorise(w.writer2);
    const grant = fake.refreshTokens.at(-1) ?? '';
    const older = fake.addFile('Photo du potager.jpg', 'image/jpeg', samplePng(4, 4), grant);
    const doc = fake.addFile('Notre hypothèse', 'application/vnd.google-apps.document', new Uint8Array(), grant);
    fake.addFile('Sondage', 'application/vnd.google-apps.form', new Uint8Array(), grant);
    fake.addFile('Dossier', 'application/vnd.google-apps.folder', new Uint8Array(), grant);
    await authorise(w.manager);
    const someoneElse = fake.addFile('Bulletin.pdf', 'application/pdf', new Uint8Array(8), fake.refreshTokens.at(-1));

    const reply = await list(w.writer2);
    expect(reply.status, reply.raw).toBe(200);
    const ids = reply.body.data.files.map((file) => file.id);
    // Newest first; the form (not importable) and the folder are left out; the teacher's file is not the pupil's.
    expect(ids.indexOf(doc)).toBeLessThan(ids.indexOf(older));
    expect(reply.body.data.files.map((file) => file.name)).not.toContain('Sondage');
    expect(reply.body.data.files.map((file) => file.name)).not.toContain('Dossier');
    expect(ids).not.toContain(someoneElse);
    const listedDoc = reply.body.data.files.find((file) => file.id === doc);
    expect(Object.keys(listedDoc ?? {}).sort()).toEqual(['id', 'mimeType', 'modifiedTime', 'name']);
    expect(listedDoc).toMatchObject({ name: 'Notre hypothèse', mimeType: 'application/vnd.google-apps.document' });
    expect(typeof listedDoc?.modifiedTime).toBe('string');
    const asked = fake.requests.filter((request) => request.path === '/drive/v3/files').at(-1);
    const query = new URLSearchParams(asked?.search ?? '');
    expect(query.get('fields')).toBe('nextPageToken,files(id,name,mimeType,modifiedTime)');
    expect(query.get('orderBy')).toBe('modifiedTime desc');
    expect(query.get('q')).toContain("mimeType != 'application/vnd.google-apps.folder'");

    for (let index = 0; index < 26; index++) fake.addFile(`Image ${index}.png`, 'image/png', samplePng(2, 2), grant);
    const first = await list(w.writer2);
    expect(first.body.data.files).toHaveLength(25);
    expect(first.body.data.nextPageToken).toEqual(expect.any(String));
    const second = await list(w.writer2, { pageToken: first.body.data.nextPageToken });
    expect(second.status, second.raw).toBe(200);
    const all = [...first.body.data.files, ...second.body.data.files].map((file) => file.id);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual(expect.arrayContaining([doc, older]));
    expect(second.body.data.nextPageToken).toBeNull();
  });

  it('refuses, in French, who may not add to the view, the plugin off and a user who has not authorised', async () => {
    await authorise(w.writer);
    // A view of the teacher, protected: the pupil reads it but may not add to it.
    const created = await call<{ _id: string }>(t, w.manager.token, 'POST', `/api/communities/${w.communityId}/views`, {
      title: 'Consignes',
    });
    expect(created.status, created.raw).toBe(201);
    const viewId = created.body._id;
    const permission = { permission: 'protected', group: null };
    expect((await call(t, w.manager.token, 'PUT', `/api/objects/${w.communityId}/${viewId}/permission`, permission)).status).toBe(200);
    const refused = await list(w.writer, { viewId });
    expect(refused.status).toBe(403);
    expect(french(refused.body.messageCode)).toBe("Vous n'avez pas le droit de modifier cette perspective.");
    const imported = await call<Problem>(t, w.writer.token, 'POST', '/auth/googleFile/import', {
      communityId: w.communityId,
      fileId: fake.addFile('x.png', 'image/png', samplePng(2, 2)),
      placement: { viewId, x: 1, y: 1 },
    });
    expect(imported.status).toBe(403);
    expect(french(imported.body.messageCode)).toBe("Vous n'avez pas le droit de modifier cette perspective.");

    await plugins({ googledrive: false });
    const off = await list(w.writer);
    expect(off.status).toBe(403);
    expect(french(off.body.messageCode)).toBe("Google Docs ou Drive n'est pas activé dans cette communauté.");
    await plugins({ googledrive: true });

    const stranger = await list(w.outsider);
    expect(stranger.status).toBe(403);
    const newcomer = await t.register(`newcomer${process.pid}`);
    await joinCommunity(t, newcomer.token, newcomer.id, w.communityId, 'writer-key');
    const unknown = await call<Problem>(t, newcomer.token, 'POST', '/auth/googleFile/list', { viewId: w.welcomeViewId });
    expect(unknown.status).toBe(409);
    expect(french(unknown.body.messageCode)).toBe("Autorisez d'abord Buildon à utiliser votre compte Google.");
    const bad = await call<Problem>(t, w.writer.token, 'POST', '/auth/googleFile/list', { viewId: 'nope', pageToken: '' });
    expect(bad.status).toBe(400);
  });
});

describe('Google-native files imported from Drive', () => {
  type Imported = { data: { attachmentId: string; mime?: string; width?: number | null; height?: number | null } } & Problem;
  const importFile = (fileId: string) =>
    call<Imported>(t, w.writer.token, 'POST', '/auth/googleFile/import', {
      communityId: w.communityId,
      fileId,
      placement: { viewId: w.welcomeViewId, x: 400, y: 200 },
    });

  it('exports a Google Doc, Sheet or Slides deck as PDF and a Drawing as PNG (shown in place), named after the file', async () => {
    await authorise(w.writer);
    for (const kind of ['document', 'spreadsheet', 'presentation']) {
      const fileId = fake.addFile(`Exposé ${kind}`, `application/vnd.google-apps.${kind}`, new Uint8Array());
      const reply = await importFile(fileId);
      expect(reply.status, reply.raw).toBe(200);
      expect(reply.body.data.mime).toBe('application/pdf');
      const attachment = (await call<ObjectReply>(t, w.writer.token, 'GET', `/api/objects/${reply.body.data.attachmentId}`)).body;
      expect(attachment.title).toBe(`Exposé ${kind}.pdf`);
    }
    const exports = fake.requests.filter((request) => request.path.endsWith('/export')).map((request) => request.search);
    expect(exports.at(-1)).toBe('?mimeType=application%2Fpdf');

    const drawing = fake.addFile('Schéma du cycle', 'application/vnd.google-apps.drawing', new Uint8Array());
    const reply = await importFile(drawing);
    expect(reply.status, reply.raw).toBe(200);
    expect(reply.body.data).toMatchObject({ mime: 'image/png', width: 160, height: 120 });
  });

  it('refuses, in French, a kind Drive cannot export (a form), creating nothing', async () => {
    const form = fake.addFile('Sondage', 'application/vnd.google-apps.form', new Uint8Array());
    const before = (await t.infra.eventStore.readAll()).length;
    const reply = await importFile(form);
    expect(reply.status).toBe(400);
    expect(french(reply.body.errors?.[0]?.messageCode ?? reply.body.messageCode)).toBe(
      'Ce type de fichier Google ne peut pas être placé sur une perspective.',
    );
    expect((await t.infra.eventStore.readAll()).length).toBe(before);
  });
});
