import type { Contribution, Link } from '../../../contracts/api/canvas.ts';
import type { ViewSummary } from '../../../contracts/api/communities.ts';
import { withServableBodies } from '../../../contracts/noteSchema.ts';
import type { ContributionDocument, LinkDocument } from '../../../projections/contributions/index.ts';

/** A contribution as the canvas, template and annotation routes answer it. */
export const toContribution = (doc: ContributionDocument): Contribution => ({
  _id: doc._id,
  communityId: doc.communityId,
  type: doc.type,
  title: doc.title,
  status: doc.status,
  permission: doc.permission,
  authors: [...doc.authors],
  group: doc.group,
  // A body beyond the depth/size limits (saved before they existed) goes out as a placeholder (issue 20 §0).
  data: withServableBodies(doc.data),
  created: doc.created,
  modified: doc.modified,
});

/** A link as the routes answer it (no cached ends). */
export const toLink = (doc: LinkDocument): Link => ({
  _id: doc._id,
  communityId: doc.communityId,
  from: doc.from,
  to: doc.to,
  type: doc.type,
  data: doc.data,
  created: doc.created,
  modified: doc.modified,
});

/** A view as the view manager and the canvas header answer it. */
export const toViewSummary = (doc: ContributionDocument): ViewSummary => ({
  _id: doc._id,
  communityId: doc.communityId,
  title: doc.title,
  created: doc.created,
  modified: doc.modified,
  permission: doc.permission,
  status: doc.status,
});
