import type { ViewSummary } from '../../../../contracts/api/communities.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import type { ContributionDocument } from '../../../../projections/contributions/index.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import { ForbiddenError, NotFoundError } from '../../../core/errors.ts';
import { mayEditView, mayReadView } from '../../../domain/community/views.ts';
import type { CommunityAccessGrant } from '../access.ts';
import { actingAuthor } from '../authorReply.ts';
import { communityCollections, type CommunityServiceDeps } from '../communityContext.ts';
import { toCommunityAdmin, toCommunityInfo, toGroup, toViewSummary } from '../communityReplies.ts';

const readerOf = (grant: CommunityAccessGrant) => ({ isManager: grant.isManager, authorId: grant.author?._id ?? null });

/**
 * Registered views that are active and readable by the caller, in
 * registration order, each saying whether the caller may write in it (its
 * group's members included).
 */
export const listViews = async (deps: CommunityServiceDeps, user: UserDocument, communityId: string): Promise<ViewSummary[]> => {
  const grant = await deps.access.member(user, communityId);
  const { contributions } = communityCollections(deps);
  const docs = await contributions.find({ _id: { $in: grant.community.views }, type: 'View', status: 'active' });
  const byId = new Map(docs.map((doc) => [doc._id, doc]));
  // The groups of these views first: a group's members read and write its views (the list once left them out).
  const groupIds = [...new Set(docs.map((doc) => doc.group).filter((id): id is string => id !== null))];
  const groups = groupIds.length > 0 ? await contributions.find({ _id: { $in: groupIds }, type: 'Group' }) : [];
  const membersOf = new Map(
    groups.filter((group) => group.communityId === communityId).map((group) => [group._id, toGroup(group).members]),
  );
  const members = (doc: ContributionDocument) => (doc.group ? (membersOf.get(doc.group) ?? []) : []);
  const readableViews = grant.community.views
    .map((id) => byId.get(id))
    .filter(
      (doc): doc is ContributionDocument =>
        doc !== undefined && doc.communityId === communityId && mayReadView(readerOf(grant), doc, members(doc)),
    );
  return readableViews.map((doc) => ({
    ...toViewSummary(doc),
    editable: mayEditView(readerOf(grant), doc, members(doc)),
  }));
};

/** The view page: the view, its community, my membership and whether I may edit the view. */
export const viewPage = async (deps: CommunityServiceDeps, user: UserDocument, viewId: string) => {
  const { contributions } = communityCollections(deps);
  const view = await contributions.get(viewId);
  if (!view || view.type !== 'View') throw new NotFoundError(msg('community.viewNotFound'));
  let grant: CommunityAccessGrant;
  try {
    grant = await deps.access.member(user, view.communityId);
  } catch (error) {
    // A view whose community is not (yet) committed does not exist.
    if (error instanceof NotFoundError) throw new NotFoundError(msg('community.viewNotFound'));
    throw error;
  }
  const group = view.group ? await contributions.get(view.group) : null;
  const groupMembers = group ? toGroup(group).members : [];
  if (!mayReadView(readerOf(grant), view, groupMembers)) throw new ForbiddenError();
  const me = actingAuthor(grant, user);
  return {
    view: toViewSummary(view),
    community: grant.isAdmin ? toCommunityAdmin(grant.community) : toCommunityInfo(grant.community),
    me,
    editable: mayEditView({ isManager: grant.isManager, authorId: me._id }, view, groupMembers),
  };
};
