/**
 * A contribution dragged onto a canvas from search results or promising ideas
 * (issue 16 §1): the drag data's MIME type and its JSON `{"id","communityId"}`.
 * (web/src/lib/dragData.ts will hold the shared constant; the two are unified at merge.)
 */
export const contributionDragType = 'application/x-buildon-contribution';

export type DraggedContribution = { id: string; communityId: string };

const objectId = /^[0-9a-f]{24}$/;

/** The dragged contribution, or null when the text is not one (bad JSON, missing or malformed ids). */
export const parseContributionDrag = (text: string): DraggedContribution | null => {
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const { id, communityId } = value as Record<string, unknown>;
    if (typeof id !== 'string' || typeof communityId !== 'string' || !objectId.test(id) || !objectId.test(communityId)) return null;
    return { id, communityId };
  } catch {
    return null;
  }
};

/** The drag data a source sets (for sources and tests). */
export const contributionDragData = (contribution: DraggedContribution): string =>
  JSON.stringify({ id: contribution.id, communityId: contribution.communityId });

/**
 * What a drop of one contribution does on a view of `communityId`: place it, or
 * ignore it (another community's: the server would refuse it too, 400 on `to`).
 */
export const contributionDropAction = (dragged: DraggedContribution, communityId: string): 'place' | 'otherCommunity' =>
  dragged.communityId === communityId ? 'place' : 'otherCommunity';
