/**
 * Where focus lands in a window that opens (issue 25 §2). Its content says
 * which, once loaded, with `data-window-focus`: "field" (a new note or
 * drawing opens on its editor: the title) or "heading" (a note to read, a
 * view). Until then focus waits on the window's heading.
 */

export type WindowFocus = 'field' | 'heading';

/** What the loaded content asks for; null while it is loading. */
export const whereFocusGoes = (content: Element): WindowFocus | null => {
  const marked = content.querySelector('[data-window-focus]')?.getAttribute('data-window-focus');
  return marked === 'field' || marked === 'heading' ? marked : null;
};

const fieldSelector =
  'input:not([type="hidden"]):not([disabled]), textarea:not([disabled]), select:not([disabled]), [contenteditable="true"]';

const shows = (element: HTMLElement) => element.closest('[hidden], [inert]') === null && element.getClientRects().length > 0;

/** The title field if the content has one showing, else its first field that shows. */
export const firstField = (content: Element): HTMLElement | null => {
  const title = content.querySelector<HTMLElement>('[name="contribution-title"]');
  if (title && shows(title)) return title;
  return [...content.querySelectorAll<HTMLElement>(fieldSelector)].find(shows) ?? null;
};
