import type { ScaffoldManagerReply } from '../../../contracts/api/scaffolds.ts';
import { msg } from '../../../contracts/messageCodes.ts';
import { linksFrom, type LinkDocument } from '../../../projections/contributions/index.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import { ConflictError, NotFoundError } from '../../core/errors.ts';
import type { ContributionCommand } from '../../domain/contribution/contribution.decide.ts';
import { createActive } from '../../domain/community/creation.ts';
import { checkSupportOrder, nextSupportOrder } from '../../domain/community/scaffolds.ts';
import type { CommandDeps } from '../../core/commandDeps.ts';
import type { CommunityAccess, CommunityAccessGrant } from '../communities/access.ts';
import { eventMetadata } from '../communities/commandSupport.ts';
import {
  communityCollections,
  communityPart,
  contributionPart,
  runAtomically,
  runOnCommunity,
  runOnContribution,
  settle,
} from '../communities/communityContext.ts';

/**
 * The scaffold manager (issue 13 §5, spec part 2 §2 and §5, fact sheet §10.5).
 * Every change is a command: the registered list and its order on the
 * community's stream, a scaffold's supports (`contains` links with
 * `data.order`) on the scaffold's stream, a support's title on its own.
 * Managers and admins only; every member may read the list.
 */
export type ScaffoldManagerDeps = CommandDeps & { access: CommunityAccess };

const order = (link: LinkDocument) => (typeof link.data.order === 'number' ? link.data.order : 0);

/** The page: registered scaffolds (active, of this community) in order, each with its supports in order. */
const pageOf = async (deps: ScaffoldManagerDeps, grant: CommunityAccessGrant): Promise<ScaffoldManagerReply> => {
  const { contributions, links } = communityCollections(deps);
  const community = await deps.access.community(grant.community._id);
  const ids = community.scaffolds;
  const docs = await contributions.find({ _id: { $in: ids }, type: 'Scaffold', status: 'active', communityId: community._id });
  const byId = new Map(docs.map((doc) => [doc._id, doc]));
  const contains = await links.find({ from: { $in: docs.map((doc) => doc._id) }, type: 'contains' });
  const supports = await contributions.find({
    _id: { $in: [...new Set(contains.map((link) => link.to))] },
    type: 'Support',
    status: 'active',
  });
  const supportById = new Map(supports.map((doc) => [doc._id, doc]));
  const uses = await links.find({ to: { $in: docs.map((doc) => doc._id) }, type: 'uses' });
  const used = new Set(uses.map((link) => link.to));
  return {
    communityId: community._id,
    rootContextId: community.rootContextId,
    mayManage: grant.isManager,
    scaffolds: ids.flatMap((id) => {
      const scaffold = byId.get(id);
      if (!scaffold) return [];
      const own = contains
        .filter((link) => link.from === id)
        .sort((a, b) => order(a) - order(b) || a.created.localeCompare(b.created) || a._id.localeCompare(b._id));
      return [
        {
          _id: id,
          title: scaffold.title,
          used: used.has(id),
          supports: own.flatMap((link) => {
            const support = supportById.get(link.to);
            return support ? [{ _id: support._id, title: support.title, order: order(link) }] : [];
          }),
        },
      ];
    }),
  };
};

/** GET: every member (pupils read the list; `mayManage` tells the page whether to offer changes). */
export const scaffoldManagerPage = async (deps: ScaffoldManagerDeps, user: UserDocument, communityId: string) =>
  pageOf(deps, await deps.access.member(user, communityId));

/** A registered, active scaffold of this community (404 otherwise: another class's scaffold is not found here). */
const registered = async (deps: ScaffoldManagerDeps, grant: CommunityAccessGrant, scaffoldId: string) => {
  const scaffold = await communityCollections(deps).contributions.get(scaffoldId);
  if (
    !scaffold ||
    scaffold.type !== 'Scaffold' ||
    scaffold.communityId !== grant.community._id ||
    !grant.community.scaffolds.includes(scaffoldId)
  ) {
    throw new NotFoundError(msg('community.scaffoldNotFound'));
  }
  return scaffold;
};

/** The support's `contains` link from this scaffold (404 when the support is not one of it). */
const supportLink = async (deps: ScaffoldManagerDeps, scaffoldId: string, supportId: string): Promise<LinkDocument> => {
  const link = (await linksFrom(communityCollections(deps).links, scaffoldId, 'contains')).find((l) => l.to === supportId);
  if (!link) throw new NotFoundError(msg('community.supportNotFound'));
  return link;
};

const authorsOf = (grant: CommunityAccessGrant): string[] => (grant.author ? [grant.author._id] : []);

/** Add a scaffold by title: a Scaffold contribution (active, protected), registered at the end of the list, in one append. */
export const addScaffold = async (deps: ScaffoldManagerDeps, user: UserDocument, communityId: string, title: string) => {
  const grant = await deps.access.manager(user, communityId);
  const scaffoldId = deps.ids.next();
  const create = createActive({
    contributionId: scaffoldId,
    communityId,
    type: 'Scaffold',
    permission: 'protected',
    title,
    authors: authorsOf(grant),
  });
  await runAtomically(
    deps,
    [contributionPart(scaffoldId, [create]), communityPart(communityId, { type: 'RegisterScaffold', data: { scaffoldId } })],
    eventMetadata(deps.clock, user._id),
  );
  return pageOf(deps, grant);
};

/**
 * Delete a scaffold: it leaves the registered list (its contribution stays,
 * for the notes that used it). Refused while a context or view offers it
 * (a `uses` link points to it): "You cannot delete a scaffold which is used".
 */
export const deleteScaffold = async (deps: ScaffoldManagerDeps, user: UserDocument, communityId: string, scaffoldId: string) => {
  const grant = await deps.access.manager(user, communityId);
  await registered(deps, grant, scaffoldId);
  const uses = await communityCollections(deps).links.find({ to: scaffoldId, type: 'uses' });
  if (uses.length > 0) throw new ConflictError(msg('community.scaffoldUsed'));
  const result = await runOnCommunity(
    deps,
    communityId,
    { type: 'UnregisterScaffold', data: { scaffoldId } },
    eventMetadata(deps.clock, user._id),
  );
  await settle(deps, [result]);
  return pageOf(deps, grant);
};

/** Save-order: the registered scaffolds in the order given (all of them, once). */
export const reorderScaffolds = async (deps: ScaffoldManagerDeps, user: UserDocument, communityId: string, scaffoldIds: string[]) => {
  const grant = await deps.access.manager(user, communityId);
  const result = await runOnCommunity(
    deps,
    communityId,
    { type: 'ReorderScaffolds', data: { scaffoldIds } },
    eventMetadata(deps.clock, user._id),
  );
  await settle(deps, [result]);
  return pageOf(deps, grant);
};

/** Add a support by title: a Support contribution and a `contains` link from the scaffold after the last one, in one append. */
export const addSupport = async (deps: ScaffoldManagerDeps, user: UserDocument, communityId: string, scaffoldId: string, title: string) => {
  const grant = await deps.access.manager(user, communityId);
  await registered(deps, grant, scaffoldId);
  const existing = await linksFrom(communityCollections(deps).links, scaffoldId, 'contains');
  const supportId = deps.ids.next();
  const create = createActive({
    contributionId: supportId,
    communityId,
    type: 'Support',
    permission: 'protected',
    title,
    authors: authorsOf(grant),
  });
  const link: ContributionCommand = {
    type: 'CreateLink',
    data: { linkId: deps.ids.next(), to: supportId, type: 'contains', data: { order: nextSupportOrder(existing.map(order)) } },
  };
  await runAtomically(
    deps,
    [contributionPart(supportId, [create]), contributionPart(scaffoldId, [link])],
    eventMetadata(deps.clock, user._id),
  );
  return pageOf(deps, grant);
};

/** Rename a support of this scaffold (notes show supports by their current title). */
export const renameSupport = async (
  deps: ScaffoldManagerDeps,
  user: UserDocument,
  ids: { communityId: string; scaffoldId: string; supportId: string },
  title: string,
) => {
  const grant = await deps.access.manager(user, ids.communityId);
  await registered(deps, grant, ids.scaffoldId);
  await supportLink(deps, ids.scaffoldId, ids.supportId);
  const result = await runOnContribution(
    deps,
    ids.supportId,
    [{ type: 'RetitleContribution', data: { title } }],
    eventMetadata(deps.clock, user._id),
  );
  await settle(deps, [result]);
  return pageOf(deps, grant);
};

/** Remove a support from its scaffold: only the `contains` link goes (fact sheet §10.5); notes keep their tags. */
export const removeSupport = async (
  deps: ScaffoldManagerDeps,
  user: UserDocument,
  ids: { communityId: string; scaffoldId: string; supportId: string },
) => {
  const grant = await deps.access.manager(user, ids.communityId);
  await registered(deps, grant, ids.scaffoldId);
  const link = await supportLink(deps, ids.scaffoldId, ids.supportId);
  const result = await runOnContribution(
    deps,
    ids.scaffoldId,
    [{ type: 'DeleteLink', data: { linkId: link._id } }],
    eventMetadata(deps.clock, user._id),
  );
  await settle(deps, [result]);
  return pageOf(deps, grant);
};

/** The supports of a scaffold in the order given (all of them, once): their `contains` links renumbered 0…n−1. */
export const reorderSupports = async (
  deps: ScaffoldManagerDeps,
  user: UserDocument,
  ids: { communityId: string; scaffoldId: string },
  supportIds: string[],
) => {
  const grant = await deps.access.manager(user, ids.communityId);
  await registered(deps, grant, ids.scaffoldId);
  const links = await linksFrom(communityCollections(deps).links, ids.scaffoldId, 'contains');
  const updates = checkSupportOrder(
    links.map((link) => ({ linkId: link._id, supportId: link.to, order: order(link) })),
    supportIds,
  );
  const commands: ContributionCommand[] = updates.map(({ linkId, order: newOrder }) => ({
    type: 'UpdateLink',
    data: { linkId, data: { order: newOrder } },
  }));
  if (commands.length > 0) {
    await settle(deps, [await runOnContribution(deps, ids.scaffoldId, commands, eventMetadata(deps.clock, user._id))]);
  }
  return pageOf(deps, grant);
};
