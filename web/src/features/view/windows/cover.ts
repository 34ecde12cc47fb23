/**
 * What a window covers (issue 25 §2): an element under a window cannot be
 * seen, so it must not take the keyboard focus either. Pure geometry; the
 * hook in useCoverInert.ts applies it to the page with `inert`.
 */

export type Box = { left: number; top: number; right: number; bottom: number };

/** Elements the keyboard can reach (the candidates for `inert`). */
export const focusableSelector = [
  'a[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'summary',
  '[tabindex]',
  '[contenteditable="true"]',
].join(', ');

/**
 * An element is covered when the place its name starts is under one of the
 * frames: a point near its top left (40 px in, 20 px down, or its middle when
 * smaller), where a card's icon and title, a row's title or a button's icon
 * are. A card half under a window with its title showing stays reachable;
 * one whose title is hidden does not. An element with no box (not shown) is
 * left alone.
 */
export const isCovered = (box: Box, frames: readonly Box[]): boolean => {
  const width = box.right - box.left;
  const height = box.bottom - box.top;
  if (width <= 0 || height <= 0) return false;
  const x = box.left + Math.min(width / 2, 40);
  const y = box.top + Math.min(height / 2, 20);
  return frames.some((frame) => x >= frame.left && x <= frame.right && y >= frame.top && y <= frame.bottom);
};

/** A window on the page: its stacking order and its frame on screen. */
export type StackedFrame = { id: string; z: number; box: Box };

/** The frames that cover what is inside window `z` (those above it); the page under every window is covered by all. */
export const framesAbove = (frames: readonly StackedFrame[], z: number | null): Box[] =>
  frames.filter((frame) => z === null || frame.z > z).map((frame) => frame.box);

/**
 * On a phone every window fills the screen: everything but the front window
 * is hidden, so the page and the windows behind are inert as a whole.
 */
export const hiddenOnPhone = (frames: readonly StackedFrame[]): { page: boolean; windows: string[] } => {
  if (frames.length === 0) return { page: false, windows: [] };
  const front = frames.reduce((top, frame) => (frame.z > top.z ? frame : top));
  return { page: true, windows: frames.filter((frame) => frame.id !== front.id).map((frame) => frame.id) };
};
