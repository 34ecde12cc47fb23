import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommunitySettings } from '../../contracts/api/communities.ts';
import { activate } from '../support/canvas.ts';
import { createCommunity, joinCommunity } from '../support/communities.ts';
import { samplePng, uploadBody } from '../support/objects.ts';
import { bearer, buildTestApp, type TestApp } from '../support/testApp.ts';
import { readOnlyPostRoutes } from '../../services/api/app.ts';

/**
 * The set-up shared by the content authorization matrices (contentAuthorization*.int.spec.ts):
 * the callers, a fresh classroom per case, the helpers rows build their fixtures with, and the
 * runner. Expectations come from spec part 1 §6, spec part 2 §6 and fact sheet §3.1 / §12.
 */

/**
 * pupil: a writer of the class, author of what the row acts on (or the user the route names);
 * classmate: a writer of the same class, not the author; otherManager: a manager of ANOTHER class
 * only; stranger: logged in, member of nothing; anonymous: no token. Two more columns check the
 * other side: manager, a manager of THIS class (spec part 1 §6: a manager may edit everything, but
 * admin-only routes stay refused), and admin, proving the request itself is valid (2xx), so that
 * refusals are about rights, not a 400.
 */
export type Caller = 'pupil' | 'classmate' | 'otherManager' | 'stranger' | 'anonymous' | 'manager' | 'admin' | 'researcher';
export const callers: Caller[] = ['pupil', 'classmate', 'otherManager', 'stranger', 'anonymous', 'manager', 'admin', 'researcher'];

/** 'ok' is any 2xx; numbers are exact statuses (410: a KF6 call Buildon replaces, answered to those who pass its checks). */
export type Expected = 'ok' | 401 | 403 | 404 | 410;
/**
 * `researcher` (issue 24 §5: a researcher of THIS class, read-only) is derived when absent: 403 on a
 * route that writes (POST, PUT, PATCH, DELETE not in `readOnlyPostRoutes`), what a manager gets on a read.
 */
export type Expectation = Record<Exclude<Caller, 'researcher'>, Expected> & { researcher?: Expected };

/** What a researcher of the class gets from a row (see Expectation). */
export const researcherExpected = (row: { route: string; expect: Expectation }): Expected => {
  if (row.expect.researcher !== undefined) return row.expect.researcher;
  const [method = '', url = ''] = row.route.split(' ');
  const writes = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method) && !readOnlyPostRoutes.has(url);
  return writes ? 403 : row.expect.manager;
};

/** Only the pupil (the author, or the user named) and admins. */
export const own: Expectation = {
  pupil: 'ok',
  classmate: 403,
  otherManager: 403,
  stranger: 403,
  anonymous: 401,
  manager: 'ok',
  admin: 'ok',
};
/** Every member of the class: protected reads, the class's own creations. */
export const classReaders: Expectation = { ...own, classmate: 'ok' };
/** Managers of this class (and admins): nobody of the five. */
export const managers: Expectation = { ...own, pupil: 403 };
/** Admins only: a manager of the class is refused too. */
export const adminsOnly: Expectation = { ...managers, manager: 403 };
/** canvas/shared.ts `readable`: a contribution the caller may not read is "not found" to him (nothing leaks about it). */
export const notFoundToClassmate: Expectation = { ...own, classmate: 404 };
/** Anybody logged in. */
export const anyUser: Expectation = {
  pupil: 'ok',
  classmate: 'ok',
  otherManager: 'ok',
  stranger: 'ok',
  anonymous: 401,
  manager: 'ok',
  admin: 'ok',
};

export type Member = { id: string; token: string; authorId: string };
export type User = { id: string; token: string };

export type World = {
  t: TestApp;
  tag: string;
  caller: Caller;
  communityId: string;
  welcomeViewId: string;
  admin: Member;
  pupil: Member;
  classmate: Member;
  /** A manager of this class (joined with the manager key). */
  manager: Member;
  /** A researcher of this class: joined with the writer key, made researcher by the admin (issue 24 §5). */
  researcher: Member;
  otherManager: User;
  stranger: User;
  /** In the title of every private thing of the pupil: none but the pupil and admins may ever receive it. */
  secret: string;
};

export type Request = Omit<InjectOptions, 'method' | 'url'> & { url: string };
export type Row = {
  /** Method and path as registered (Fastify syntax). */
  route: string;
  /** What the row acts on, when a route has several rows. */
  variant?: string;
  expect: Expectation;
  request: (w: World) => Promise<Request> | Request;
};

/** The routes of tests/integration/authorization-matrix.int.spec.ts, read from its source (importing it would run it). */
export const firstMatrixRoutes = (): Set<string> => {
  const source = readFileSync(new URL('./authorization-matrix.int.spec.ts', import.meta.url), 'utf8');
  return new Set([...source.matchAll(/route: '([A-Z]+ \/[^']*)'/g)].map((match) => match[1] as string));
};

/** Swagger paths (`/api/x/{id}`) → Fastify syntax (`/api/x/:id`), with the method. */
export const registeredRoutes = (t: TestApp): string[] => {
  const paths = (t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
  return Object.entries(paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`),
  );
};

const ok = (response: LightMyRequestResponse, what: string): LightMyRequestResponse => {
  if (response.statusCode < 200 || response.statusCode >= 300) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  return response;
};

/** A request by `who` (null: anonymous) that must succeed: fixtures only. */
export const must = async (w: World, who: User | null, method: InjectOptions['method'], url: string, payload?: unknown) =>
  ok(
    await w.t.app.inject({
      method,
      url,
      ...(who ? { headers: bearer(who.token) } : {}),
      ...(payload === undefined ? {} : { payload: payload as object }),
    }),
    `${method} ${url}`,
  );

export const setPermission = async (w: World, id: string, permission: 'private' | 'protected' | 'public', by: User = w.pupil) =>
  must(w, by, 'PUT', `/api/objects/${w.communityId}/${id}/permission`, { permission, group: null });

/** An active note of the pupil (private ones carry the secret), placed in `viewId` (the welcome view by default). */
export const note = async (
  w: World,
  options: { permission?: 'private' | 'protected' | 'public'; viewId?: string | null; buildsOn?: string; by?: Member } = {},
): Promise<{ id: string; refId: string | null }> => {
  const permission = options.permission ?? 'protected';
  const viewId = options.viewId === undefined ? w.welcomeViewId : options.viewId;
  const title = permission === 'private' ? `${w.secret} note` : 'A protected note';
  const created = await must(w, options.by ?? w.pupil, 'POST', `/api/contributions/${w.communityId}`, {
    type: 'Note',
    title,
    ...(viewId ? { placement: { viewId, x: 100, y: 100 } } : {}),
    ...(options.buildsOn ? { buildsOn: options.buildsOn } : {}),
  });
  const reply = created.json<{ contribution: { _id: string }; refs: { _id: string }[] }>();
  await activate(w.t, reply.contribution._id);
  if (permission !== 'protected') await setPermission(w, reply.contribution._id, permission, options.by ?? w.pupil);
  return { id: reply.contribution._id, refId: reply.refs[0]?._id ?? null };
};

/** A view of the pupil (created public by the view manager, then given `permission`). */
export const view = async (w: World, permission: 'private' | 'protected' | 'public'): Promise<string> => {
  const title = permission === 'private' ? `${w.secret} view` : `A ${permission} view`;
  const id = (await must(w, w.pupil, 'POST', `/api/communities/${w.communityId}/views`, { title })).json<{ _id: string }>()._id;
  if (permission !== 'public') await setPermission(w, id, permission);
  return id;
};

/** Places `to` in `viewId` as the pupil; the ref's id. */
export const place = async (w: World, viewId: string, to: string): Promise<string> =>
  (await must(w, w.pupil, 'POST', '/api/links', { from: viewId, to, type: 'contains', data: { x: 300, y: 300 } })).json<{ _id: string }>()
    ._id;

/** The header of an MP4 file, as the media sniffer recognises it. */
const sampleMp4 = (): Uint8Array => new Uint8Array([0, 0, 0, 0x18, ...Buffer.from('ftypisom'), 0, 0, 2, 0, ...Buffer.from('isomiso2')]);

/** An attachment of the pupil with one uploaded version (an image, or a video for time-tagged comments). */
export const attachment = async (
  w: World,
  permission: 'private' | 'protected' | 'public' = 'protected',
  kind: 'image' | 'video' = 'image',
): Promise<string> => {
  const created = await must(w, w.pupil, 'POST', `/api/contributions/${w.communityId}`, { type: 'Attachment' });
  const id = created.json<{ contribution: { _id: string } }>().contribution._id;
  const name = `${permission === 'private' ? w.secret : 'file'}.${kind === 'video' ? 'mp4' : 'png'}`;
  const file = uploadBody(kind === 'video' ? sampleMp4() : samplePng(4, 4), { filename: name });
  ok(
    await w.t.app.inject({
      method: 'POST',
      url: `/api/upload/${w.communityId}/${id}`,
      headers: { ...bearer(w.pupil.token), ...file.headers },
      payload: file.payload,
    }),
    'upload',
  );
  if (permission !== 'protected') await setPermission(w, id, permission);
  return id;
};

/** A view with notes placed in it (the time machine has steps): a private one always, a protected one in a protected view. */
export const viewWithHistory = async (w: World, permission: 'private' | 'protected'): Promise<string> => {
  const viewId = await view(w, permission);
  if (permission === 'protected') await note(w, { viewId });
  await note(w, { permission: 'private', viewId });
  return viewId;
};

/**
 * Builds the app (one per file), the other class whose manager calls, and the runner of rows.
 * Each case runs in a fresh class of its own: no case sees another's changes or ended sessions.
 */
export const matrix = async (
  name: string,
  /** Another kind of app (e.g. one with Google configured against a fake). */
  build: () => Promise<TestApp> = () => buildTestApp(),
): Promise<{ t: TestApp; world: (caller: Caller) => Promise<World>; run: (rows: Row[]) => void }> => {
  const t = await build();
  let otherCommunityId = '';
  let cases = 0;
  beforeAll(async () => {
    const founder = await t.admin(`founder${process.pid.toString(36)}`, 'admin-pass');
    otherCommunityId = (await createCommunity(t, founder.token))._id;
  });
  afterAll(async () => t.close());

  const world = async (caller: Caller): Promise<World> => {
    const tag = `${process.pid.toString(36)}c${++cases}`;
    const admin = await t.admin(`adm${tag}`, 'admin-pass');
    const community = await createCommunity(t, admin.token);
    const adminAuthor = (
      await t.app.inject({ method: 'GET', url: `/api/authors/${community._id}/me`, headers: bearer(admin.token) })
    ).json<{ _id: string }>()._id;
    // Favourites are a plugin: on, so that refusals of favourites are about rights.
    const settingsUrl = `/api/communities/${community._id}/settings`;
    const settings = (await t.app.inject({ method: 'GET', url: settingsUrl, headers: bearer(admin.token) })).json<CommunitySettings>();
    settings.data.plugins.enableFavourites = true;
    ok(
      await t.app.inject({
        method: 'PUT',
        url: settingsUrl,
        headers: bearer(admin.token),
        payload: { data: settings.data, scaffoldIds: settings.scaffoldIds },
      }),
      'settings',
    );
    const member = async (who: string, key = 'writer-key'): Promise<Member> => {
      const user = await t.register(`${who}${tag}`);
      const author = await joinCommunity(t, user.token, user.id, community._id, key);
      return { ...user, authorId: author._id };
    };
    const pupil = await member('pupil');
    const classmate = await member('mate');
    const manager = await member('teacher', 'manager-key');
    const researcher = await member('research');
    ok(
      await t.app.inject({
        method: 'PUT',
        url: `/api/authors/${community._id}/${researcher.authorId}/role`,
        headers: bearer(admin.token),
        payload: { role: 'researcher' },
      }),
      'researcher role',
    );
    const otherManager = await t.register(`othermgr${tag}`);
    await joinCommunity(t, otherManager.token, otherManager.id, otherCommunityId, 'manager-key');
    const stranger = await t.register(`stranger${tag}`);
    const w: World = {
      t,
      tag,
      caller,
      communityId: community._id,
      welcomeViewId: community.views[0] as string,
      admin: { ...admin, authorId: adminAuthor },
      pupil,
      classmate,
      manager,
      researcher,
      otherManager,
      stranger,
      secret: `SECRET${tag}`,
    };
    // Something private of the pupil's is always in the class, on the view everyone opens.
    await note(w, { permission: 'private' });
    return w;
  };

  const tokenOf = (w: World): string | null => (w.caller === 'anonymous' ? null : w[w.caller].token);

  const run = (rows: Row[]) =>
    describe(name, () => {
      for (const row of rows) {
        describe(`${row.route}${row.variant ? ` (${row.variant})` : ''}`, () => {
          it('is a registered route', () => {
            const [method, url] = row.route.split(' ') as [NonNullable<InjectOptions['method']>, string];
            expect(t.app.hasRoute({ method, url })).toBe(true);
          });
          for (const caller of callers) {
            const expected = caller === 'researcher' ? researcherExpected(row) : row.expect[caller];
            it(`${caller} → ${expected === 'ok' ? '2xx' : expected}`, async () => {
              const w = await world(caller);
              const { url, ...options } = await row.request(w);
              const [method] = row.route.split(' ') as [InjectOptions['method']];
              const token = tokenOf(w);
              const headers = { ...(options.headers as Record<string, string> | undefined), ...(token ? bearer(token) : {}) };
              const response = await t.app.inject({ ...options, method, url, headers });
              if (expected !== 'ok') {
                expect(response.statusCode, response.body).toBe(expected);
                return;
              }
              expect(response.statusCode, response.body).toBeGreaterThanOrEqual(200);
              expect(response.statusCode, response.body).toBeLessThan(300);
              // What is allowed never carries what is not: the pupil's private things (managers read them), the class's keys.
              if (caller !== 'admin') for (const key of ['writer-key', 'manager-key']) expect(response.body).not.toContain(key);
              if (caller !== 'pupil' && caller !== 'admin' && caller !== 'manager' && caller !== 'researcher') {
                expect(response.body).not.toContain(w.secret);
              }
            });
          }
        });
      }
    });

  return { t, world, run };
};
