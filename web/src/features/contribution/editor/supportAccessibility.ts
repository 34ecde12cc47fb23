import { scaffoldTextLanguage, supportClasses } from '../../../../../contracts/supportMarkup.ts';

/**
 * A scaffold support for assistive technology (issue 25 §4). On screen, a
 * support's start and end are its coloured label and end mark; a screen
 * reader gets words instead: "Début d'échafaudage Mon idée," for the label
 * and "Fin d'échafaudage Mon idée" after the end mark, in visually hidden spans
 * (class `kf-support-sr`). They are drawn by the editor's node view and the
 * read view only, never by the schema's rendering: they are not the note's
 * text (not saved, not copied, not counted, skipped by annotations; see
 * contracts/annotations.ts). A title in another language than the page (the
 * English default scaffold in a French class) carries its `lang`.
 */
export const supportSrClass = 'kf-support-sr';

export type SupportTexts = { start: string; end: string };

const hiddenText = (document: Document, text: string): HTMLSpanElement => {
  const span = document.createElement('span');
  // `visually-hidden` (styles/base.css): read, not shown.
  span.className = `${supportSrClass} visually-hidden`;
  span.textContent = text;
  return span;
};

/** A title in a span carrying its language, when it is known to differ from the page's. */
const titleSpan = (document: Document, title: string): HTMLSpanElement => {
  const span = document.createElement('span');
  const lang = scaffoldTextLanguage(title);
  if (lang) span.lang = lang;
  span.textContent = title;
  return span;
};

/** Adds (or renews) the hidden start and end words of one rendered support (`span.kf-support`). */
export const markSupport = (wrapper: HTMLElement, texts: SupportTexts): void => {
  const document = wrapper.ownerDocument;
  for (const old of Array.from(wrapper.children)) if (old.classList.contains(supportSrClass)) old.remove();
  const title = wrapper.getAttribute('data-title') ?? '';
  const label = Array.from(wrapper.children).find((child) => child.classList.contains(supportClasses.label));
  const end = Array.from(wrapper.children).find((child) => child.classList.contains(supportClasses.end));
  // Read in place of the label (hidden from them, as the end mark is): "Début d'échafaudage Mon idée, …".
  // The spaces and comma keep the label and the words apart, which the screen shows with a margin.
  const start = hiddenText(document, `${texts.start} `);
  start.append(titleSpan(document, title), ', ');
  if (label) {
    label.before(start);
    label.setAttribute('aria-hidden', 'true');
  } else wrapper.prepend(start);
  const finish = hiddenText(document, ` ${texts.end} `);
  finish.append(titleSpan(document, title));
  if (end) {
    end.after(finish);
    // The end mark is drawn (a glyph, the empty support's placeholder): the hidden words say it instead.
    end.setAttribute('aria-hidden', 'true');
  } else wrapper.append(finish);
  wrapper.querySelectorAll(`.${supportClasses.kf6StartMark}, .${supportClasses.kf6EndMark}`).forEach((mark) => {
    mark.setAttribute('aria-hidden', 'true');
  });
};

/** Marks every support under `root` (the read view). */
export const markSupports = (root: ParentNode, texts: SupportTexts): void => {
  root.querySelectorAll<HTMLElement>(`span.${supportClasses.wrapper}`).forEach((wrapper) => markSupport(wrapper, texts));
};

/**
 * The next text of a polite live region (the scaffold panel's "inserted" notice):
 * the same sentence twice in a row gets a no-break space, so that it changes and is read again.
 */
export const nextAnnouncement = (before: string, text: string): string => (before === text ? `${text}\u00a0` : text);
