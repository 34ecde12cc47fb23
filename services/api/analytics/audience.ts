import type { AnalyticsAuthor } from '../../../contracts/api/analytics.ts';
import { canRead } from '../../../contracts/permissions.ts';
import { personName } from '../../../contracts/personName.ts';
import { analyticsItemsCollectionName, type AnalyticsItemDocument } from '../../../projections/analytics/index.ts';
import { authorsCollectionName, type AuthorDocument } from '../../../projections/authors/index.ts';
import { contributionsCollectionName, type ContributionDocument } from '../../../projections/contributions/index.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import type { ReadStore } from '../../core/readStore.ts';
import { firstSeenOrder, labelAuthors, type AnalyticsViewer } from '../../domain/analytics/pseudonyms.ts';
import { lastNameFirstIn } from '../authors/nameOrder.ts';
import type { CommunityAccess, CommunityAccessGrant } from '../communities/access.ts';

/** What the analytics pages count as contributions: what pupils write and place (fact sheet §7). */
export const contributionTypes = ['Note', 'Drawing', 'Attachment'];

/** Members of private contributions' groups, by group id. */
const groupMembers = async (readStore: ReadStore, items: readonly AnalyticsItemDocument[]): Promise<Map<string, string[]>> => {
  const groupIds = [...new Set(items.flatMap((item) => (item.permission === 'private' && item.group ? [item.group] : [])))];
  if (groupIds.length === 0) return new Map();
  const groups = await readStore.collection<ContributionDocument>(contributionsCollectionName).find({ _id: { $in: groupIds } });
  return new Map(groups.map((group) => [group._id, membersOf(group)]));
};

/** The contributions among `ids` of this community the audience may read (private ones of others left out). */
export const readableDocs = async (readStore: ReadStore, audience: Audience, ids: readonly string[]): Promise<ContributionDocument[]> => {
  if (ids.length === 0) return [];
  const docs = (
    await readStore.collection<ContributionDocument>(contributionsCollectionName).find({ _id: { $in: [...new Set(ids)] } })
  ).filter((doc) => doc.communityId === audience.grant.community._id);
  const groupIds = [...new Set(docs.flatMap((doc) => (doc.permission === 'private' && doc.group ? [doc.group] : [])))];
  const groups = groupIds.length
    ? await readStore.collection<ContributionDocument>(contributionsCollectionName).find({ _id: { $in: groupIds } })
    : [];
  const members = new Map(groups.map((group) => [group._id, membersOf(group)]));
  const subject = { authorId: audience.viewer.authorId, isManager: audience.grant.isManager };
  return docs.filter((doc) =>
    canRead(subject, { permission: doc.permission, authors: doc.authors, groupMembers: doc.group ? members.get(doc.group) : [] }),
  );
};

/** A group's member author ids. */
export const membersOf = (group: ContributionDocument): string[] => {
  const members = (group.data as { members?: unknown }).members;
  return Array.isArray(members) ? members.filter((m): m is string => typeof m === 'string') : [];
};

export type Audience = {
  grant: CommunityAccessGrant;
  viewer: AnalyticsViewer;
  /** Active contributions of `contributionTypes` the viewer may read. */
  items: AnalyticsItemDocument[];
  /** Authors in first-seen order (the order letters are given in), then members who wrote nothing. */
  order: string[];
  /** The author as this viewer may see them (a letter for others when the viewer is a writer). */
  label: (authorId: string) => AnalyticsAuthor;
};

const unknown: AnalyticsAuthor = { key: '?', label: '?', me: false };

/**
 * Who asks and what they may see, the same on every analytics page (issue 12
 * item 5): members only (401 / 403 from `access.member`); managers and admins
 * see names; a writer sees their own name and letters, given in the same
 * first-seen order as the statistics page, so a pupil keeps one letter on
 * every page.
 */
export const audienceOf = async (
  deps: { readStore: ReadStore; access: CommunityAccess },
  user: UserDocument,
  communityId: string,
): Promise<Audience> => {
  const grant = await deps.access.member(user, communityId);
  const viewer: AnalyticsViewer = { authorId: grant.author?._id ?? null, seesNames: grant.isManager };
  const stored = await deps.readStore
    .collection<AnalyticsItemDocument>(analyticsItemsCollectionName)
    .find({ communityId, type: { $in: contributionTypes }, status: 'active' });
  const groups = await groupMembers(deps.readStore, stored);
  const subject = { authorId: viewer.authorId, isManager: grant.isManager };
  const items = stored.filter((item) =>
    canRead(subject, { permission: item.permission, authors: item.authors, groupMembers: item.group ? groups.get(item.group) : [] }),
  );
  // Researchers (issue 24 §5) are no part of the class: no letter, no node, on no page.
  const members = (
    await deps.readStore.collection<AuthorDocument>(authorsCollectionName).find({ communityId }, { sort: { created: 1, _id: 1 } })
  ).filter((author) => author.role !== 'researcher');
  const lastNameFirst = await lastNameFirstIn(deps.readStore, grant.community);
  const names = new Map(members.map((author) => [author._id, personName(author, lastNameFirst)]));
  const order = firstSeenOrder(
    items.map((item) => ({ id: item._id, created: item.created, authors: item.authors })),
    members.map((author) => author._id),
  );
  const labels = labelAuthors(viewer, order, (authorId) => names.get(authorId) ?? '?');
  return { grant, viewer, items, order, label: (authorId) => labels.get(authorId) ?? unknown };
};
