import { isDraggable, isFixed, refsInRect, type Rect, type ViewRef } from './model.ts';

/**
 * The canvas selection rules, apart from the pointer and keyboard hooks that
 * apply them (useCanvasPointer.ts, useCanvasKeyboard.ts, Canvas.tsx): which
 * refs a press, a tap, a marquee or a key selects, and which refs a drag
 * moves. Pure: each returns the next selection (a new set) or says it stays.
 */

/** The selection with `refId` added, or taken out when it was in it. */
export const toggled = (selection: ReadonlySet<string>, refId: string): Set<string> => {
  const next = new Set(selection);
  if (next.has(refId)) next.delete(refId);
  else next.add(refId);
  return next;
};

/** The selection with `refId` in it (a long press, a right click on a ref, Space on a ref). */
export const withRef = (selection: ReadonlySet<string>, refId: string): Set<string> => new Set([...selection, refId]);

/**
 * The refs a drag that starts on `ref` moves: the selection when `ref` is in
 * it, else `ref` alone; never a fixed or pinned ref.
 */
export const movingRefs = (refs: readonly ViewRef[], selection: ReadonlySet<string>, ref: ViewRef): ViewRef[] =>
  (selection.has(ref._id) ? refs.filter((r) => selection.has(r._id)) : [ref]).filter(isDraggable);

/** A menu opened on a ref outside the selection selects it alone (null: the selection stays, the menu acts on it all). */
export const selectionForMenu = (selection: ReadonlySet<string>, refId: string): Set<string> | null =>
  selection.has(refId) ? null : new Set([refId]);

/**
 * The refs a context menu opened on `ref` acts on: the whole selection when
 * `ref` is in it, else `ref` alone.
 */
export const menuTargets = (refs: readonly ViewRef[], selection: ReadonlySet<string>, ref: ViewRef): ViewRef[] =>
  selection.has(ref._id) ? refs.filter((r) => selection.has(r._id)) : [ref];

/** What a mouse press on a ref does: the new selection (null: as it was) and the refs a drag would move. */
export type Press = { selection: Set<string> | null; moving: ViewRef[] };

/**
 * A mouse press on a ref. Shift, Ctrl or Cmd adds it to the selection or takes
 * it out (and moves nothing); a plain press on a ref outside the selection
 * selects it alone, on one inside keeps the selection (to drag it together).
 * A ref fixed in the background takes no press (null): the canvas is under it.
 * In a view I may not edit, nothing moves.
 */
export const pressOnRef = (
  refs: readonly ViewRef[],
  selection: ReadonlySet<string>,
  refId: string,
  { additive, editable }: { additive: boolean; editable: boolean },
): Press | null => {
  const ref = refs.find((r) => r._id === refId);
  if (!ref || isFixed(ref)) return null;
  if (additive) return { selection: toggled(selection, refId), moving: [] };
  const next = selection.has(refId) ? null : new Set([refId]);
  return { selection: next, moving: editable && isDraggable(ref) ? movingRefs(refs, next ?? selection, ref) : [] };
};

/**
 * A tap (touch or pen) on a ref, or on the empty canvas (null). While refs are
 * selected, a tap adds the ref or takes it out, and a tap on the canvas ends
 * the selection; with nothing selected, a tap is no selection (null: open the ref).
 */
export const tapSelection = (selection: ReadonlySet<string>, refId: string | null): Set<string> | null => {
  if (selection.size === 0) return null;
  return refId === null ? new Set() : toggled(selection, refId);
};

/** Below this size (px, both ways) a marquee is a click on the empty canvas. */
export const marqueeMinSize = 3;

/**
 * A marquee drawn over the canvas selects the refs it touches, added to the
 * selection with Shift. A click on the empty canvas (a marquee too small)
 * ends the selection, unless Shift is held. null: the selection stays as it is.
 */
export const marqueeSelection = (
  refs: readonly ViewRef[],
  selection: ReadonlySet<string>,
  rect: Rect,
  additive: boolean,
): Set<string> | null => {
  if (rect.width < marqueeMinSize && rect.height < marqueeMinSize) return !additive && selection.size > 0 ? new Set() : null;
  const ids = refsInRect(refs, rect);
  return new Set(additive ? [...selection, ...ids] : ids);
};
