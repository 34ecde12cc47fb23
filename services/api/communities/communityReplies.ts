import type { CommunityAdmin, CommunityInfo, CommunitySummary, Group, ViewSummary } from '../../../contracts/api/communities.ts';
import type { CommunityDocument } from '../../../projections/communities/index.ts';
import type { ContributionDocument } from '../../../projections/contributions/index.ts';
import { membersOf } from '../../domain/contribution/contribution.ts';

export const toCommunitySummary = (doc: CommunityDocument): CommunitySummary => ({
  _id: doc._id,
  title: doc.title,
  archived: doc.archived,
  created: doc.created,
});

/** What members see: never the keys. */
export const toCommunityInfo = (doc: CommunityDocument): CommunityInfo => ({
  ...toCommunitySummary(doc),
  rootContextId: doc.rootContextId,
  views: [...doc.views],
  scaffolds: [...doc.scaffolds],
  lang: doc.lang,
  ownerUserId: doc.ownerUserId,
});

/** Admins only. */
export const toCommunityAdmin = (doc: CommunityDocument): CommunityAdmin => ({
  ...toCommunityInfo(doc),
  registrationKey: doc.registrationKey,
  managerRegistrationKey: doc.managerRegistrationKey,
});

export const toViewSummary = (doc: ContributionDocument): ViewSummary => ({
  _id: doc._id,
  communityId: doc.communityId,
  title: doc.title,
  created: doc.created,
  modified: doc.modified,
  permission: doc.permission,
  status: doc.status,
});

export const toGroup = (doc: ContributionDocument): Group => ({
  _id: doc._id,
  communityId: doc.communityId,
  title: doc.title,
  status: doc.status,
  members: membersOf(doc.data),
  created: doc.created,
});
