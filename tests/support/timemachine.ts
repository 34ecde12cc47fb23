import { membersOfGroup } from '../../services/domain/access/permissions.ts';
import type { ContributionStatus, Permission } from '../../contracts/events/contribution.ts';
import { contributionStreamName } from '../../contracts/events/contribution.ts';
import { countWords } from '../../contracts/noteSchema.ts';
import { canRead } from '../../contracts/permissions.ts';
import { authorsCollectionName, type AuthorDocument } from '../../projections/authors/index.ts';
import {
  contributionsCollectionName,
  linksCollectionName,
  type ContributionDocument,
  type LinkDocument,
} from '../../projections/contributions/index.ts';
import { handleCommand } from '../../services/core/decider.ts';
import { contributionDecider, type ContributionCommand } from '../../services/domain/contribution/contribution.decide.ts';
import { createContribution, textDoc } from './objects.ts';
import type { TestApp } from './testApp.ts';

/**
 * Commands for the time-machine tests, written through the contribution
 * decider (the same events the canvas and note routes append), each one
 * second after the previous on the test's clock, waiting for the read models.
 */
export type TimeMachineDriver = ReturnType<typeof timeMachineDriver>;

export const timeMachineDriver = (t: TestApp, clock: { advance(ms: number): void }, communityId: string) => {
  const { eventStore, projections, ids } = t.infra.commandDeps;
  const run = async (contributionId: string, command: ContributionCommand, actorId: string): Promise<void> => {
    clock.advance(1_000);
    const result = await handleCommand(eventStore, contributionStreamName(contributionId), contributionDecider, command, {
      metadata: { actorId, at: t.infra.commandDeps.clock.now().toISOString() },
    });
    if (result.lastPosition > 0) await projections.waitFor(result.lastPosition);
  };
  const create = async (input: {
    type: 'View' | 'Note';
    authorId: string;
    actorId: string;
    title?: string;
    status?: ContributionStatus;
    permission?: Permission;
    group?: string | null;
  }): Promise<string> => {
    clock.advance(1_000);
    return createContribution(t, {
      communityId,
      type: input.type,
      authors: [input.authorId],
      title: input.title ?? '',
      status: input.status,
      permission: input.permission ?? (input.type === 'View' ? 'public' : 'protected'),
      group: input.group ?? null,
      actorId: input.actorId,
    });
  };
  return {
    createView: (authorId: string, actorId: string, title = 'Our ideas') => create({ type: 'View', authorId, actorId, title }),
    /** A note; unsaved (title '') unless `title` is given, then active. */
    createNote: (authorId: string, actorId: string, options: { title?: string; permission?: Permission; group?: string | null } = {}) =>
      create({
        type: 'Note',
        authorId,
        actorId,
        title: options.title ?? '',
        status: options.title ? 'active' : 'unsaved',
        permission: options.permission,
        group: options.group,
      }),
    place: async (viewId: string, to: string, x: number, y: number, actorId: string): Promise<string> => {
      const linkId = ids.next();
      await run(viewId, { type: 'CreateLink', data: { linkId, to, type: 'contains', data: { x, y, width: 200, height: 60 } } }, actorId);
      return linkId;
    },
    move: (viewId: string, linkId: string, x: number, y: number, actorId: string) =>
      run(viewId, { type: 'UpdateLink', data: { linkId, data: { x, y } } }, actorId),
    unplace: (viewId: string, linkId: string, actorId: string) => run(viewId, { type: 'DeleteLink', data: { linkId } }, actorId),
    contribute: (noteId: string, title: string, text: string, actorId: string) =>
      run(
        noteId,
        {
          type: 'SaveNote',
          data: {
            title,
            body: textDoc(text),
            keywords: [],
            wordCount: countWords(text),
            text4search: `( ${title} ) ${text} (  )`,
            newId: () => ids.next(),
          },
        },
        actorId,
      ),
    retitle: (id: string, title: string, actorId: string) => run(id, { type: 'RetitleContribution', data: { title } }, actorId),
    setStatus: (id: string, status: ContributionStatus, actorId: string) =>
      run(id, { type: 'ChangeContributionStatus', data: { status } }, actorId),
    setPermission: (id: string, permission: Permission, group: string | null, actorId: string) =>
      run(id, { type: 'ChangePermission', data: { permission, group } }, actorId),
    buildOn: async (from: string, to: string, actorId: string): Promise<string> => {
      const linkId = ids.next();
      await run(from, { type: 'CreateLink', data: { linkId, to, type: 'buildson', data: {} } }, actorId);
      return linkId;
    },
  };
};

/** What a canvas shows of one ref, for comparisons. */
export type ShownRef = { _id: string; to: string; x: number; y: number; title: string };
export type ShownCanvas = { refs: ShownRef[]; links: { _id: string; from: string; to: string; type: string }[] };

const byId = (a: { _id: string }, b: { _id: string }) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);

/** A frame (or canvas reply) reduced to ids, positions and titles, sorted. */
export const shown = (canvas: {
  refs: { _id: string; to: string; data: { x: number; y: number }; _to: { title: string } }[];
  links: { _id: string; from: string; to: string; type: string }[];
}): ShownCanvas => ({
  refs: canvas.refs.map((ref) => ({ _id: ref._id, to: ref.to, x: ref.data.x, y: ref.data.y, title: ref._to.title })).sort(byId),
  links: canvas.links.map(({ _id, from, to, type }) => ({ _id, from, to, type })).sort(byId),
});

/**
 * The live canvas of `viewId` for a member, computed from today's read
 * models (contributions, links, groups): refs whose target is active and
 * readable, and build-on/reference links among them.
 */
export const readModelCanvas = async (
  t: TestApp,
  viewId: string,
  reader: { authorId: string; isManager: boolean },
): Promise<ShownCanvas> => {
  const contributions = t.infra.readStore.collection<ContributionDocument>(contributionsCollectionName);
  const links = t.infra.readStore.collection<LinkDocument>(linksCollectionName);
  const contains = await links.find({ from: viewId, type: 'contains' });
  const refs: ShownRef[] = [];
  for (const link of contains) {
    const doc = await contributions.get(link.to);
    if (!doc || doc.status !== 'active') continue;
    const group = doc.group ? await contributions.get(doc.group) : null;
    const members = membersOfGroup(group);
    if (!canRead(reader, { permission: doc.permission, authors: doc.authors, groupMembers: members })) continue;
    refs.push({ _id: link._id, to: link.to, x: Number(link.data.x), y: Number(link.data.y), title: doc.title });
  }
  const targets = new Set(refs.map((ref) => ref.to));
  const arrows = (await links.find({ type: { $in: ['buildson', 'references'] } }))
    .filter((link) => targets.has(link.from) && targets.has(link.to))
    .map(({ _id, from, to, type }) => ({ _id, from, to, type }));
  return { refs: refs.sort(byId), links: arrows.sort(byId) };
};

/** Display names of the community's authors, by author id. */
export const authorNames = async (t: TestApp, communityId: string): Promise<Map<string, string>> => {
  const authors = await t.infra.readStore.collection<AuthorDocument>(authorsCollectionName).find({ communityId });
  return new Map(authors.map((a) => [a._id, `${a.firstName} ${a.lastName}`.trim()]));
};
