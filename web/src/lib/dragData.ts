/**
 * A contribution dragged from a list (search results, favourites) onto a
 * view's canvas: the canvas's drop target reads this MIME type. The value is
 * JSON `{"id": "<contributionId>", "communityId": "<communityId>"}`; `text/plain`
 * carries the title for any other drop target.
 */
export const CONTRIBUTION_DRAG_TYPE = 'application/x-buildon-contribution';

export type ContributionDragData = { id: string; communityId: string };

/** What a drag's data transfer offers (DataTransfer, or a stand-in in tests). */
type Writable = Pick<DataTransfer, 'setData'>;
type Readable = Pick<DataTransfer, 'getData'> & { types: readonly string[] | DOMStringList };

const objectId = /^[0-9a-f]{24}$/;

/** Puts a contribution on a drag: the MIME type above, and its title as text. */
export const setContributionDragData = (dt: Writable, item: { id: string; communityId: string; title: string }): void => {
  dt.setData(CONTRIBUTION_DRAG_TYPE, JSON.stringify({ id: item.id, communityId: item.communityId }));
  dt.setData('text/plain', item.title);
};

/** The contribution in a drag's JSON text, or null when it is not one (bad JSON, missing or malformed ids). */
export const parseContributionDrag = (text: string): ContributionDragData | null => {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { id, communityId } = value as Record<string, unknown>;
    if (typeof id !== 'string' || typeof communityId !== 'string' || !objectId.test(id) || !objectId.test(communityId)) return null;
    return { id, communityId };
  } catch {
    return null;
  }
};

/** The contribution on a drag, or null when there is none or it is not well formed (two 24-hex ids). */
export const readContributionDragData = (dt: Readable): ContributionDragData | null =>
  Array.from(dt.types as ArrayLike<string>).includes(CONTRIBUTION_DRAG_TYPE)
    ? parseContributionDrag(dt.getData(CONTRIBUTION_DRAG_TYPE))
    : null;
