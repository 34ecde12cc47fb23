import { inPlaceSize } from '../../../contracts/api/canvas.ts';
import { msg } from '../../../contracts/messageCodes.ts';
import { ForbiddenError } from '../../core/errors.ts';
import {
  besideOffset,
  cardBox,
  clampCoordinate,
  defaultPosition,
  findFreeSpot,
  landingSpot,
  nearestFreeSpot,
  nudgeTowardOrigin,
  refBox,
  type PlacedRef,
  type Spot,
} from './geometry.ts';
import { copiedRefData, toRefData } from './refData.ts';
import { checkRefChange, type RefActor } from './refRules.ts';

/**
 * Where refs go (fact sheet §10.2, issue 21 §4): the rules that turn "put this
 * here" into a ref's data. Pure: the refs already on the view come in as
 * `PlacedRef`s (see refData.ts), the spots come out.
 */

/** A drawing shows in place: its ref says so from the start. */
const pictureFlag = (type: string): Record<string, unknown> => (type === 'Drawing' ? { showInPlace: true } : {});

/**
 * A new contribution's ref where its author asked (`wanted`): never on
 * another ref. A drawing needs its whole picture's room and keeps off notes'
 * whole cards; notes keep the 80×40 spacing box among themselves.
 */
export const newRefData = (type: string, shown: readonly PlacedRef[], wanted: Spot): Record<string, unknown> => {
  if (type === 'Drawing') return { ...nearestFreeSpot(shown, wanted, inPlaceSize, cardBox), ...pictureFlag(type) };
  return nearestFreeSpot(shown.map(asSeenByACard), wanted, refBox, refBox);
};

/**
 * A picture shown in place as a new icon's card sees it: grown up and left by
 * what the card (288×52) has over the 80×40 spacing box, so the card lands
 * beside the picture and not over its top (a note written beside a drawing
 * once hid the drawing's title). Icons keep KF6's spacing among themselves.
 */
const asSeenByACard = (ref: PlacedRef): PlacedRef => {
  if (ref.width === undefined || ref.height === undefined) return ref;
  const [dx, dy] = [cardBox.width - refBox.width, cardBox.height - refBox.height];
  return { ...ref, x: ref.x - dx, y: ref.y - dy, width: ref.width + dx, height: ref.height + dy };
};

/** A build-on's ref beside its parent's (50 px right and below, then the next free spot). */
export const besideParentRefData = (
  type: string,
  shown: readonly PlacedRef[],
  parent: Record<string, unknown>,
): Record<string, unknown> => {
  const at = toRefData(parent);
  const others = type === 'Drawing' ? shown : shown.map(asSeenByACard);
  return { ...findFreeSpot(others, { x: at.x + besideOffset, y: at.y + besideOffset }), ...pictureFlag(type) };
};

/** A ref with no wanted spot (a build-on in the working view, a re-parented view): the first free spot from 100,100. */
export const freeRefData = (type: string, refs: readonly PlacedRef[]): Record<string, unknown> => ({
  ...findFreeSpot(refs, defaultPosition),
  ...pictureFlag(type),
});

/**
 * A ref placed or pasted at `wanted` (POST /api/links): there unless a ref
 * sits exactly on it; a copy keeps width, height and show-in-place, and a
 * drawing placed for the first time shows in place.
 */
export const pastedRefData = (
  targetType: string,
  data: Record<string, unknown>,
  placed: readonly PlacedRef[],
  wanted: Spot,
): Record<string, unknown> => ({
  ...copiedRefData(data),
  ...(targetType === 'Drawing' && data.showInPlace === undefined ? { showInPlace: true } : {}),
  ...landingSpot(placed, wanted),
});

/**
 * Refs dragged as a group into another view: the group keeps its shape, its
 * top-left corner at `corner`, each ref landing off the refs already there
 * (those of the group included, in order).
 */
export const groupLanding = (
  refs: readonly Record<string, unknown>[],
  corner: Spot,
  placed: readonly PlacedRef[],
): Record<string, unknown>[] => {
  const positions = refs.map((data) => toRefData(data));
  const minX = Math.min(...positions.map((p) => p.x));
  const minY = Math.min(...positions.map((p) => p.y));
  const taken = [...placed];
  return refs.map((data, index) => {
    const at = positions[index] ?? { x: minX, y: minY };
    const spot = landingSpot(taken, { x: clampCoordinate(corner.x + at.x - minX), y: clampCoordinate(corner.y + at.y - minY) });
    taken.push({ ...spot, fixed: false });
    return { ...copiedRefData(data), ...spot };
  });
};

/** A ref change as requested: unset fields dropped, coordinates clamped. */
export type RefChange = Record<string, unknown>;

/**
 * A change of a ref's data (PUT /api/links/{id}): unset fields dropped,
 * coordinates clamped, the ref rules checked (ForbiddenError otherwise).
 */
export const checkedRefChange = (actor: RefActor, current: Record<string, unknown>, data: Record<string, unknown>): RefChange => {
  const change: RefChange = Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined));
  if (change.x !== undefined) change.x = clampCoordinate(change.x);
  if (change.y !== undefined) change.y = clampCoordinate(change.y);
  checkRefChange(actor, current, change);
  return change;
};

/** Whether a checked change moves the ref (so `preventOverlap` must nudge it). */
export const changeMoves = (current: Record<string, unknown>, change: RefChange): boolean =>
  (change.x !== undefined && change.x !== current.x) || (change.y !== undefined && change.y !== current.y);

/**
 * `preventOverlap`: a move onto other refs (`others`, without the moved one)
 * is nudged toward the origin; refused (403) when there is no room on the way.
 */
export const nudgedChange = (current: Record<string, unknown>, change: RefChange, others: readonly PlacedRef[]): RefChange => {
  const at = toRefData(current);
  const spot = nudgeTowardOrigin(others, {
    x: (change.x as number | undefined) ?? at.x,
    y: (change.y as number | undefined) ?? at.y,
  });
  if (!spot) throw new ForbiddenError(msg('canvasService.noRoom'));
  return { ...change, x: spot.x, y: spot.y };
};
