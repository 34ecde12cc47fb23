/**
 * Where the keyboard focus goes when a note or view window closes (issue 25
 * §2): back to what opened it, never to `<body>`. The choice is a pure rule
 * (`returnOrder`); the DOM side finds the candidates and focuses the first
 * one that can take focus.
 */

export type ReturnCandidate = 'card' | 'opener' | 'window' | 'canvas';

/**
 * The order in which the candidates are tried. A contribution just created
 * (new note, build-on) had no card when its window opened: its card, once
 * it is on the canvas, is where the pupil will look for it, before the
 * button or menu that made it. Any other window returns to its opener (the
 * card, list item or link it was opened from) before the card. Then the
 * front window left open, then the canvas.
 */
export const returnOrder = (created: boolean): ReturnCandidate[] =>
  created ? ['card', 'opener', 'window', 'canvas'] : ['opener', 'card', 'window', 'canvas'];

/** The first candidate that is there and can take focus. */
export const chooseReturn = <T>(
  created: boolean,
  found: Partial<Record<ReturnCandidate, T | null>>,
  usable: (item: T) => boolean,
): T | null => {
  for (const candidate of returnOrder(created)) {
    const item = found[candidate];
    if (item !== undefined && item !== null && usable(item)) return item;
  }
  return null;
};

/** An element that focus can go to now: still in the page, shown, not disabled, not under a window (inert). */
export const canTakeFocus = (element: HTMLElement): boolean =>
  element.isConnected &&
  element.closest('[inert]') === null &&
  !(element as HTMLButtonElement).disabled &&
  element.getClientRects().length > 0;

let lastFocused: WeakRef<HTMLElement> | null = null;
let tracking = false;

/** Remembers the last element that had focus (a button disabled while it works loses it to `<body>`). */
const track = () => {
  if (tracking || typeof document === 'undefined') return;
  tracking = true;
  document.addEventListener('focusin', (event) => {
    if (event.target instanceof HTMLElement && event.target !== document.body) lastFocused = new WeakRef(event.target);
  });
};

/**
 * What is opening a window: the focused element, or the last one that had
 * focus when focus has just fallen to `<body>` (the build-on button is
 * disabled while the note is created, which blurs it).
 */
export const focusOrigin = (): HTMLElement | null => {
  track();
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body) return active;
  const last = lastFocused?.deref();
  return last?.isConnected ? last : null;
};

/** Starts remembering focus (called once the canvas is on screen, before any window opens). */
export const trackFocus = track;
