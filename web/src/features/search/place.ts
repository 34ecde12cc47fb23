import type { CreateLinkBody } from '../../../../contracts/api/canvas.ts';
import type { ViewSummary } from '../../../../contracts/api/communities.ts';

/**
 * "Place in view" from the search results, for those who do not drag (issue
 * 25 §1): the pupil picks a view they may write in, and a ref of the result
 * goes there through the same route as a drop (POST /api/links). No position
 * is sent: the server puts the ref on the view's first free spot (the canvas
 * commands' placement), so the client never loads the whole canvas for it.
 */

/** The views a pupil may place a ref in (the list says so per view; older servers did not: then all). */
export const writableViews = (views: readonly ViewSummary[]): ViewSummary[] => views.filter((view) => view.editable !== false);

/** The request that places `contributionId` in `viewId`, wherever the server finds room. */
export const placeBody = (viewId: string, contributionId: string): CreateLinkBody => ({
  from: viewId,
  to: contributionId,
  type: 'contains',
});
