import type { CreateContributionReply, Link } from '../../contracts/api/canvas.ts';
import type { ViewCanvasReply } from '../../contracts/api/views.ts';
import { contributionStreamName } from '../../contracts/events/contribution.ts';
import { readsStreamName } from '../../contracts/events/read.ts';
import { handleCommand } from '../../services/core/decider.ts';
import { batchDecider } from '../../services/domain/contribution/batch.ts';
import { contributionDecider, type ContributionCommand } from '../../services/domain/contribution/contribution.decide.ts';
import { beforeAll } from 'vitest';
import { createCommunity, joinCommunity } from './communities.ts';
import { builtLater, useTestApp } from './suite.ts';
import { bearer, buildTestApp, type TestApp } from './testApp.ts';

export type Member = { token: string; userId: string; authorId: string };

/** A community with its admin (creator, manager), a second manager, two writers and an outsider. */
export type CanvasWorld = {
  t: TestApp;
  communityId: string;
  /** The 'Bienvenue' view (public). */
  welcomeViewId: string;
  admin: Member;
  manager: Member;
  writer: Member;
  writer2: Member;
  /** Logged in, not a member. */
  outsider: { token: string; userId: string };
};

let counter = 0;

/** Sets up a community for canvas tests through the API (users, community, joins). */
export const canvasWorld = async (t: TestApp): Promise<CanvasWorld> => {
  const n = `${process.pid}x${++counter}`;
  const admin = await t.admin(`canvasadmin${n}`, 'admin-pass');
  const community = await createCommunity(t, admin.token);
  const member = async (name: string, key: string): Promise<Member> => {
    const user = await t.register(`${name}${n}`);
    const author = await joinCommunity(t, user.token, user.id, community._id, key);
    return { token: user.token, userId: user.id, authorId: author._id };
  };
  const adminAuthor = await joinOrSelf(t, admin.token, community._id);
  const [manager, writer, writer2] = [
    await member('mgr', 'manager-key'),
    await member('wri', 'writer-key'),
    await member('wrb', 'writer-key'),
  ];
  const outsiderUser = await t.register(`out${n}`);
  return {
    t,
    communityId: community._id,
    welcomeViewId: community.views[0] as string,
    admin: { token: admin.token, userId: admin.id, authorId: adminAuthor },
    manager,
    writer,
    writer2,
    outsider: { token: outsiderUser.token, userId: outsiderUser.id },
  };
};

/**
 * A test app and a canvas world in it, built before the suite's tests (app closed after):
 * `const { t, w } = useCanvasWorld();`. `build` builds another kind of app (e.g. `() => buildObjectsTestApp({ clock })`).
 */
export const useCanvasWorld = (build: () => Promise<TestApp> = () => buildTestApp()): { t: TestApp; w: CanvasWorld } => {
  const t = useTestApp(build);
  let world: CanvasWorld | undefined;
  beforeAll(async () => {
    world = await canvasWorld(t);
  });
  return { t, w: builtLater('the canvas world', () => world) };
};

const joinOrSelf = async (t: TestApp, token: string, communityId: string): Promise<string> => {
  const response = await t.app.inject({ method: 'GET', url: `/api/authors/${communityId}/me`, headers: bearer(token) });
  if (response.statusCode !== 200) throw new Error(`no membership for the creator: ${response.statusCode} ${response.body}`);
  return response.json<{ _id: string }>()._id;
};

/** An inject that answers status and JSON body. */
export const call = async <T = unknown>(
  t: TestApp,
  token: string | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) => {
  const response = await t.app.inject({
    method,
    url,
    ...(token ? { headers: bearer(token) } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: response.statusCode, body: response.body ? response.json<T>() : (undefined as T), raw: response.body };
};

/** POST /api/contributions/{communityId}; throws unless 201. */
export const createContribution = async (w: CanvasWorld, who: Member, body: Record<string, unknown>): Promise<CreateContributionReply> => {
  const reply = await call<CreateContributionReply>(w.t, who.token, 'POST', `/api/contributions/${w.communityId}`, body);
  if (reply.status !== 201) throw new Error(`create failed: ${reply.status} ${reply.raw}`);
  return reply.body;
};

/**
 * Makes a contribution active (as contributing a note does; that route belongs
 * to the editor issue) straight through the contribution decider.
 */
export const activate = async (t: TestApp, contributionId: string, more: ContributionCommand[] = []): Promise<void> => {
  const { eventStore, projections } = t.infra.commandDeps;
  const result = await handleCommand(
    eventStore,
    contributionStreamName(contributionId),
    batchDecider(contributionDecider),
    [{ type: 'ChangeContributionStatus', data: { status: 'active' } }, ...more],
    { metadata: { actorId: null, at: new Date().toISOString() } },
  );
  await projections.waitFor(result.lastPosition);
};

/** A note by `who`, placed in `viewId` at x, y and made active; answers the note id and its ref. */
export const placedNote = async (
  w: CanvasWorld,
  who: Member,
  viewId: string,
  x: number,
  y: number,
  title = 'A note',
): Promise<{ noteId: string; ref: Link }> => {
  const reply = await createContribution(w, who, { type: 'Note', title, placement: { viewId, x, y } });
  await activate(w.t, reply.contribution._id);
  const ref = reply.refs[0];
  if (!ref) throw new Error('no ref created');
  return { noteId: reply.contribution._id, ref };
};

/** GET /api/views/{viewId}/canvas; throws unless 200. */
export const loadCanvas = async (w: CanvasWorld, who: { token: string }, viewId: string): Promise<ViewCanvasReply> => {
  const reply = await call<ViewCanvasReply>(w.t, who.token, 'GET', `/api/views/${viewId}/canvas`);
  if (reply.status !== 200) throw new Error(`canvas failed: ${reply.status} ${reply.raw}`);
  return reply.body;
};

/** The personal workspace of `who`: a private view. */
export const workspaceOf = async (w: CanvasWorld, who: Member): Promise<string> => {
  const reply = await call<{ viewId: string }>(w.t, who.token, 'POST', `/api/authors/${w.communityId}/me/workspace`);
  if (reply.status !== 201 && reply.status !== 200) throw new Error(`workspace failed: ${reply.status} ${reply.raw}`);
  return reply.body.viewId;
};

/** A contribution of `owner` of a type Buildon's own routes do not create this way, written straight through the decider. */
export const contributionWith = async (
  w: CanvasWorld,
  owner: Member,
  type: 'View' | 'Context',
  permission: 'private' | 'protected' | 'public',
  title: string,
): Promise<string> => {
  const { eventStore, projections, ids } = w.t.infra.commandDeps;
  const contributionId = ids.next();
  const data = { contributionId, communityId: w.communityId, type, title, status: 'active' as const, permission };
  const result = await handleCommand(
    eventStore,
    contributionStreamName(contributionId),
    batchDecider(contributionDecider),
    [{ type: 'CreateContribution', data: { ...data, authors: [owner.authorId], group: null, data: {} } }],
    { metadata: { actorId: owner.userId, at: new Date().toISOString() } },
  );
  await projections.waitFor(result.lastPosition);
  return contributionId;
};

/** A view of `owner` with any permission, written straight through the decider (the editor issue changes permissions). */
export const viewWith = (
  w: CanvasWorld,
  owner: Member,
  permission: 'private' | 'protected' | 'public',
  title = `A ${permission} view`,
): Promise<string> => contributionWith(w, owner, 'View', permission, title);

/**
 * Seeds `viewId` with `refs` active notes by the world's members (a tenth of
 * them private to their author), a build-on link from each note to the
 * previous one, and reads of every other note by the writer.
 */
export const seedCanvasView = async (w: CanvasWorld, refs: number): Promise<string> => {
  const { eventStore, projections, ids } = w.t.infra.commandDeps;
  const metadata = { actorId: null, at: new Date().toISOString() };
  const members = [w.writer, w.writer2, w.manager, w.admin];
  const viewId = ids.next();
  const noteIds = Array.from({ length: refs }, () => ids.next());
  let last = 0;
  const run = async (id: string, commands: ContributionCommand[]) => {
    const result = await handleCommand(eventStore, contributionStreamName(id), batchDecider(contributionDecider), commands, { metadata });
    last = Math.max(last, result.lastPosition);
  };
  await run(viewId, [
    {
      type: 'CreateContribution',
      data: {
        contributionId: viewId,
        communityId: w.communityId,
        type: 'View',
        title: `Bench ${refs}`,
        status: 'active',
        permission: 'public',
        authors: [w.manager.authorId],
        group: null,
        data: {},
      },
    },
  ]);
  for (const [index, noteId] of noteIds.entries()) {
    const author = members[index % members.length] ?? w.writer;
    const previous = noteIds[index - 1];
    await run(noteId, [
      {
        type: 'CreateContribution',
        data: {
          contributionId: noteId,
          communityId: w.communityId,
          type: 'Note',
          title: `Idea ${index}`,
          status: 'active',
          permission: index % 10 === 0 ? 'private' : 'protected',
          authors: [author.authorId],
          group: null,
          data: { body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: `Idea ${index}` }] }] } },
        },
      },
      ...(previous
        ? [{ type: 'CreateLink', data: { linkId: ids.next(), to: previous, type: 'buildson', data: {} } } satisfies ContributionCommand]
        : []),
    ]);
  }
  await run(
    viewId,
    noteIds.map((noteId, index) => ({
      type: 'CreateLink',
      data: { linkId: ids.next(), to: noteId, type: 'contains', data: { x: 20 + (index % 20) * 90, y: 20 + Math.floor(index / 20) * 45 } },
    })),
  );
  const reads = await eventStore.append(
    readsStreamName(w.writer.authorId),
    noteIds
      .filter((_, index) => index % 2 === 0)
      .map((contributionId) => ({
        type: 'ReadMarked',
        data: { authorId: w.writer.authorId, communityId: w.communityId, contributionId },
        metadata,
      })),
    { expectedRevision: 'any' },
  );
  await projections.waitFor(Math.max(last, reads.lastPosition));
  return viewId;
};
