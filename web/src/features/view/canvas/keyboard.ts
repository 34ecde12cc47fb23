import { clampPosition, refRect, type Point, type ViewLink, type ViewRef } from './model.ts';
import { movingRefs } from './selection.ts';

/**
 * The canvas's keyboard model (issue 25 §1; docs/accessibility.md): the canvas
 * is one Tab stop; arrow keys move focus to the nearest note in that
 * direction, or along the discussion's thread (the note built on, its
 * build-ons) once the pupil switches to thread mode; Space lifts notes,
 * arrows move them, Space drops, Escape cancels. Pure rules, no React.
 */

export type Direction = 'left' | 'right' | 'up' | 'down';

export const directionOfKey = (key: string): Direction | null =>
  key === 'ArrowLeft' ? 'left' : key === 'ArrowRight' ? 'right' : key === 'ArrowUp' ? 'up' : key === 'ArrowDown' ? 'down' : null;

const centre = (ref: ViewRef): Point => {
  const rect = refRect(ref);
  return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
};

/** Reading order: top to bottom, then left to right (rows 20 px apart count as one row). */
export const byReadingOrder = (a: ViewRef, b: ViewRef): number => {
  const rowA = Math.round(a.data.y / 20);
  const rowB = Math.round(b.data.y / 20);
  return rowA !== rowB ? rowA - rowB : a.data.x - b.data.x || a._id.localeCompare(b._id);
};

/** Where focus lands when the pupil tabs into the canvas: the first ref in reading order that is not fixed in the background. */
export const firstRef = (refs: readonly ViewRef[]): ViewRef | null =>
  [...refs].filter((ref) => ref.data.fixed !== true).sort(byReadingOrder)[0] ?? null;

/**
 * The nearest ref in a direction from `from`: among the refs whose centre
 * lies that way, the one with the least distance along the direction plus
 * twice the distance across it (so a note straight ahead wins over a nearer
 * one far to the side). Null at the edge.
 */
export const spatialNeighbour = (refs: readonly ViewRef[], from: ViewRef, direction: Direction): ViewRef | null => {
  const origin = centre(from);
  let best: ViewRef | null = null;
  let bestScore = Infinity;
  for (const ref of refs) {
    if (ref._id === from._id || ref.data.fixed === true) continue;
    const point = centre(ref);
    const dx = point.x - origin.x;
    const dy = point.y - origin.y;
    const along = direction === 'right' ? dx : direction === 'left' ? -dx : direction === 'down' ? dy : -dy;
    const across = direction === 'left' || direction === 'right' ? Math.abs(dy) : Math.abs(dx);
    if (along <= 0) continue;
    const score = along + 2 * across;
    if (score < bestScore) {
      bestScore = score;
      best = ref;
    }
  }
  return best;
};

/**
 * Along the thread: up goes to the note this one builds on, down to its first
 * build-on, left and right to the previous and next build-on of the same note
 * (in reading order). Only refs placed in this view count.
 */
export const threadNeighbour = (
  refs: readonly ViewRef[],
  links: readonly ViewLink[],
  from: ViewRef,
  direction: Direction,
): ViewRef | null => {
  const buildsOn = links.filter((link) => link.type === 'buildson');
  const refOf = (contributionId: string) => refs.find((ref) => ref.to === contributionId) ?? null;
  const buildOnsOf = (contributionId: string) =>
    buildsOn
      .filter((link) => link.to === contributionId)
      .map((link) => refOf(link.from))
      .filter((ref): ref is ViewRef => ref !== null)
      .sort(byReadingOrder);
  if (direction === 'down') return buildOnsOf(from.to)[0] ?? null;
  const parentLink = buildsOn.find((link) => link.from === from.to && refOf(link.to) !== null);
  if (!parentLink) return null;
  if (direction === 'up') return refOf(parentLink.to);
  const siblings = buildOnsOf(parentLink.to);
  const index = siblings.findIndex((ref) => ref._id === from._id);
  return siblings[index + (direction === 'right' ? 1 : -1)] ?? null;
};

/** One arrow press moves a lifted note this far; with Shift, further. */
export const keyboardStep = { small: 10, large: 50 } as const;

/** The lifted refs' positions after one step, each clamped to the canvas (the whole group stops at an edge together). */
export const steppedPositions = (
  lifted: readonly { refId: string; x: number; y: number }[],
  direction: Direction,
  large: boolean,
): { refId: string; x: number; y: number }[] => {
  const step = large ? keyboardStep.large : keyboardStep.small;
  const dx = direction === 'left' ? -step : direction === 'right' ? step : 0;
  const dy = direction === 'up' ? -step : direction === 'down' ? step : 0;
  const fits = lifted.every(
    (item) => clampPosition(item.x + dx) === Math.round(item.x + dx) && clampPosition(item.y + dy) === Math.round(item.y + dy),
  );
  if (!fits) return [...lifted];
  return lifted.map((item) => ({ refId: item.refId, x: item.x + dx, y: item.y + dy }));
};

/** The refs Space lifts: the selection when the focused ref is in it, otherwise the focused ref alone; never fixed or pinned refs. */
export const refsToLift = (refs: readonly ViewRef[], focused: ViewRef, selection: ReadonlySet<string>): ViewRef[] =>
  movingRefs(refs, selection, focused);

/**
 * For each ref whose contribution builds on a contribution placed in this view,
 * that contribution's title: the accessible name says what a sighted pupil reads
 * off the arrow (issue 25 §3).
 */
export const builtOnTitles = (refs: readonly ViewRef[], links: readonly ViewLink[]): Map<string, string> => {
  const titleOf = new Map(refs.map((ref) => [ref.to, ref._to.title]));
  const parentOf = new Map<string, string>();
  for (const link of links) {
    if (link.type === 'buildson' && titleOf.has(link.to) && !parentOf.has(link.from)) parentOf.set(link.from, link.to);
  }
  const titles = new Map<string, string>();
  for (const ref of refs) {
    const parent = parentOf.get(ref.to);
    if (parent !== undefined) titles.set(ref._id, titleOf.get(parent) ?? '');
  }
  return titles;
};

/**
 * The refs that arrived since the last look and are worth announcing: others'
 * contributions (mine the pupil made), not those of the first load.
 */
export const arrivals = (known: ReadonlySet<string>, refs: readonly ViewRef[]): ViewRef[] =>
  refs.filter((ref) => !known.has(ref._id) && !ref._to.byMe);
