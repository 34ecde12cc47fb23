import type { InternalWindow } from '../state.ts';
import { capSize, initialFrame, keepOnScreen, type Size } from './geometry.ts';

/**
 * The window manager of the canvas (spec part 2 §9, issue 22 §8), as pure
 * functions over the list of open windows: every note and view window is a
 * component of the one app, so opening, focusing, moving and closing are
 * plain state changes (the hook in useWindows.ts binds them to jotai).
 */

/** What opening a window asks for. */
export type WindowRequest = {
  kind: InternalWindow['kind'];
  /** Contribution or view id. */
  targetId: string;
  title: string;
  /** The view a contribution window was opened from (its scaffolds, where a build-on lands). */
  contextId?: string;
  /** Draw on image: the new drawing's background layer. */
  background?: { url: string; title: string };
  /** A contribution just created (new note, drawing, build-on): see InternalWindow.created. */
  created?: boolean;
};

export type Frame = { x: number; y: number; width: number; height: number };

const topOf = (list: readonly InternalWindow[]): number => Math.max(0, ...list.map((w) => w.z));

/**
 * Numbers the stack 1…n, front window last, keeping the list's order: z stays
 * below the page's menus, dialogs and notices however often windows are focused.
 */
const restack = (list: readonly InternalWindow[]): readonly InternalWindow[] => {
  const rank = new Map(stackOrder(list).map((id, index) => [id, list.length - index]));
  return list.map((w) => (w.z === rank.get(w.id) ? w : { ...w, z: rank.get(w.id) ?? w.z }));
};

/**
 * Opens a window, or brings the one already showing that target to the front
 * (one window per note or view). A new window cascades from the centre.
 */
export const openWindow = (
  list: readonly InternalWindow[],
  request: WindowRequest,
  screen: Size,
  id: string,
): readonly InternalWindow[] => {
  const top = topOf(list) + 1;
  const existing = list.find((w) => w.kind === request.kind && w.targetId === request.targetId);
  if (existing) return restack(list.map((w) => (w.id === existing.id ? { ...w, z: top, opened: w.opened + 1 } : w)));
  return restack([
    ...list,
    {
      id,
      kind: request.kind,
      targetId: request.targetId,
      title: request.title,
      ...(request.contextId ? { contextId: request.contextId } : {}),
      ...initialFrame(screen, list.length),
      z: top,
      opened: 1,
      ...(request.created ? { created: true as const } : {}),
      ...(request.background ? { background: request.background } : {}),
    },
  ]);
};

/** Brings a window to the front (unchanged when it already is). */
export const focusWindow = (list: readonly InternalWindow[], id: string): readonly InternalWindow[] => {
  const top = topOf(list);
  const target = list.find((w) => w.id === id);
  if (!target || (target.z === top && list.filter((w) => w.z === top).length === 1)) return list;
  return restack(list.map((w) => (w.id === id ? { ...w, z: top + 1 } : w)));
};

export const closeWindow = (list: readonly InternalWindow[], id: string): readonly InternalWindow[] =>
  restack(list.filter((w) => w.id !== id));

/** A new frame for a window, kept within the screen's limits (a grip of its title bar stays in sight). */
export const frameWindow = (list: readonly InternalWindow[], id: string, frame: Frame, screen: Size): readonly InternalWindow[] =>
  list.map((w) => (w.id === id ? { ...w, ...clampFrame(frame, screen) } : w));

/** A view window follows a view link shown in it: same window, another view. */
export const retargetWindow = (list: readonly InternalWindow[], id: string, targetId: string, title: string): readonly InternalWindow[] => {
  // That view already has its window: bring it forward and close this one.
  const other = list.find((w) => w.kind === 'view' && w.targetId === targetId && w.id !== id);
  if (other) return focusWindow(closeWindow(list, id), other.id);
  return list.map((w) => (w.id === id ? { ...w, targetId, title } : w));
};

/**
 * The title shown (and naming the dialog) follows the contribution's title as
 * it is typed or saved; an empty title keeps the one it opened with.
 */
export const retitleWindow = (list: readonly InternalWindow[], id: string, title: string): readonly InternalWindow[] => {
  const trimmed = title.trim();
  if (!trimmed) return list;
  return list.some((w) => w.id === id && w.title !== trimmed) ? list.map((w) => (w.id === id ? { ...w, title: trimmed } : w)) : list;
};

/** A frame at most 80% of the screen and with a grip of its title bar in sight. */
export const clampFrame = (frame: Frame, screen: Size): Frame => {
  const size = capSize(frame, screen);
  return { ...keepOnScreen(frame, size, screen), ...size };
};

/** Window ids from front to back. */
export const stackOrder = (list: readonly InternalWindow[]): string[] => [...list].sort((a, b) => b.z - a.z).map((w) => w.id);
