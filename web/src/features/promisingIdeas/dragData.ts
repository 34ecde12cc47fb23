/**
 * What a dragged row carries, so that a view canvas can place its note
 * (issue 14 §2–3): the MIME type `application/x-buildon-contribution` with
 * JSON `{id, communityId}`. A local setter until the shared
 * web/src/lib/dragData.ts exists (the merge replaces this file's use by it).
 */
export const contributionDragType = 'application/x-buildon-contribution';

export const setContributionDragData = (transfer: DataTransfer, item: { id: string; communityId: string }): void => {
  transfer.setData(contributionDragType, JSON.stringify({ id: item.id, communityId: item.communityId }));
  transfer.setData('text/plain', `${window.location.origin}/contribution/${item.id}`);
  transfer.effectAllowed = 'copy';
};
