import { isOfType, type TypedData } from '../../../contracts/contributionData.ts';
import { isObjectId } from '../../../contracts/ids.ts';
import { besideOffset, clampCoordinate, defaultPosition, findFreeSpot, innerOffset, type PlacedRef, type Spot } from './geometry.ts';
import { copiedRefData, toRefData } from './refData.ts';

/**
 * Rise-above (fact sheet §10.3): a note that holds an inner view. KF6 titles
 * the inner view `riseabove:<noteId>` and stores `data.riseabove.viewId` on
 * the note; selected refs move inside keeping their shape, and deleting the
 * rise-above's ref unpacks its items back into the view.
 */

/** Unpacked items land at the rise-above's ref + their inner position − 70. */
export const unpackOffset = 70;

const innerTitle = /^riseabove:([0-9a-f]{24})$/;

/** The title KF6 (and Buildon) give a rise-above's inner view. */
export const innerViewTitle = (noteId: string): string => `riseabove:${noteId}`;

/** The rise-above note a view is the inner view of, from its title (null for other views). */
export const riseaboveNoteIdOf = (viewTitle: string): string | null => innerTitle.exec(viewTitle)?.[1] ?? null;

/** The inner view a rise-above note holds, any string id (refs to an inner view KF6 exported with an odd id still unpack). */
export const innerViewOf = (doc: TypedData): string | null =>
  isOfType(doc, 'Note') && typeof doc.data.riseabove?.viewId === 'string' ? doc.data.riseabove.viewId : null;

/** Like `innerViewOf`, but only a well-formed id (null for other contributions or malformed data). */
export const riseaboveViewIdOf = (doc: TypedData): string | null => {
  const viewId = innerViewOf(doc);
  return isObjectId(viewId) ? viewId : null;
};

/**
 * The layout of a rise-above: each selected ref's data inside the inner view
 * (relative positions kept, from 20,20), and the rise-above's own spot in the
 * view (the selection's corner + 50; without a selection, a free spot).
 */
export const riseAboveLayout = (
  selected: readonly Record<string, unknown>[],
  placed: readonly PlacedRef[],
): { inner: Record<string, unknown>[]; spot: Spot } => {
  if (selected.length === 0) return { inner: [], spot: findFreeSpot(placed, defaultPosition) };
  const positions = selected.map((data) => toRefData(data));
  const minX = Math.min(...positions.map((p) => p.x));
  const minY = Math.min(...positions.map((p) => p.y));
  const inner = selected.map((data, index) => {
    const at = positions[index] ?? { x: minX, y: minY };
    return { ...data, x: clampCoordinate(at.x - minX + innerOffset), y: clampCoordinate(at.y - minY + innerOffset) };
  });
  return { inner, spot: { x: clampCoordinate(minX + besideOffset), y: clampCoordinate(minY + besideOffset) } };
};

/** An item of an inner view as unpacking sees it. */
export type InnerItem = { to: string; data: Record<string, unknown>; target: { status: string; communityId: string } | undefined };

/**
 * What unpacking a rise-above's ref places back in `viewId`: each active item
 * of this community at (ref + item − 70), except the view itself and what
 * the view already holds (`present`, updated as items are placed).
 */
export const unpackedItems = (
  viewId: string,
  communityId: string,
  riseAboveRef: Record<string, unknown>,
  items: readonly InnerItem[],
  present: Set<string>,
): { to: string; data: Record<string, unknown> }[] => {
  const at = toRefData(riseAboveRef);
  const out: { to: string; data: Record<string, unknown> }[] = [];
  for (const item of items) {
    const doc = item.target;
    if (!doc || doc.status === 'inactive' || doc.communityId !== communityId || item.to === viewId || present.has(item.to)) continue;
    present.add(item.to);
    const position = toRefData(item.data);
    out.push({
      to: item.to,
      data: {
        ...copiedRefData(item.data),
        x: clampCoordinate(at.x + position.x - unpackOffset),
        y: clampCoordinate(at.y + position.y - unpackOffset),
      },
    });
  }
  return out;
};
