import type { ContributionDragData } from '../../../lib/dragData.ts';

/**
 * A contribution dragged onto a canvas from search results, favourites or
 * promising ideas (issue 16 §1); its drag data is web/src/lib/dragData.ts's.
 * What a drop of one does on a view of `communityId`: place it, or ignore it
 * (another community's: the server would refuse it too, 400 on `to`).
 */
export const contributionDropAction = (dragged: ContributionDragData, communityId: string): 'place' | 'otherCommunity' =>
  dragged.communityId === communityId ? 'place' : 'otherCommunity';
