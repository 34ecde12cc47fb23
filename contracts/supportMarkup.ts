import type { DOMOutputSpec, Node as PMNode, TagParseRule } from 'prosemirror-model';
import { defaultScaffolds } from './messages.ts';

/**
 * The HTML of a scaffold support, as Knowledge Forum 6 writes it and as
 * Buildon renders it (issue 21 §3).
 *
 * KF6 (`kftag.service.js`, fact sheet §10.5) writes a support as two sibling
 * markers around the pupil's words, both carrying the id of the `supports`
 * link (the support's id until the note is first contributed):
 *
 *     <span id="L" class="KFSupportStart mceNonEditable">
 *       <span class="kfSupportStartMark"> &nbsp; </span>
 *       <span class="kfSupportStartLabel">Mon idée</span>
 *     </span>parce que l'eau s'évapore<span id="L" class="KFSupportEnd mceNonEditable">
 *       <span class="kfSupportEndMark"> &nbsp; </span>
 *     </span>
 *
 * (as stored, KF6 empties both markers; its editor draws the label again from
 * the link). Buildon's `support` node holds the words as its content, so it
 * renders the same two markers *inside* one wrapper, the words in between in
 * their own span:
 *
 *     <span class="kf-support" data-support-id="S" data-link-id="L" data-title="Mon idée">
 *       <span id="L" class="KFSupportStart mceNonEditable kf-support-label">…label…</span>
 *       <span class="kf-support-words">parce que l'eau s'évapore</span>
 *       <span id="L" class="KFSupportEnd mceNonEditable kf-support-end">…mark…</span>
 *     </span>
 *
 * A KF6 client finds its `.KFSupportStart`/`.KFSupportEnd` pair with the
 * link id and the words between them; Buildon reads the wrapper back
 * exactly (its data attributes and the words span). Raw KF6 markup, pasted
 * from KF6, is read too: the siblings between a start marker and its end
 * marker become the support's words.
 */

const objectIdRegex = /^[0-9a-f]{24}$/;

export const supportClasses = {
  wrapper: 'kf-support',
  label: 'kf-support-label',
  words: 'kf-support-words',
  end: 'kf-support-end',
  kf6Start: 'KFSupportStart',
  kf6End: 'KFSupportEnd',
  kf6StartMark: 'kfSupportStartMark',
  kf6StartLabel: 'kfSupportStartLabel',
  kf6EndMark: 'kfSupportEndMark',
} as const;

/**
 * The language a scaffold's or support's title is written in, when it is one
 * of the default scaffolds' texts (contracts/messages.ts): the English
 * "Theory Building" of a French community is marked `lang="en"` wherever it
 * is shown, so that a screen reader reads it in English (issue 25 §4, WCAG
 * 3.1.2). Null for other texts: they take the page's language.
 */
export const scaffoldTextLanguage = (text: string): string | null => {
  const key = text.trim();
  for (const scaffold of defaultScaffolds) {
    if (scaffold.title === key || (scaffold.supports as readonly string[]).includes(key)) return scaffold.lang;
  }
  return null;
};

/** The id KF6 gives both markers: the link once there is one, else the support. */
const kf6IdOf = (node: PMNode): string => ((node.attrs.linkId as string | null) ?? (node.attrs.supportId as string)) || '';

const langAttribute = (text: string): { lang?: string } => {
  const lang = scaffoldTextLanguage(text);
  return lang ? { lang } : {};
};

/** The rendering of a support node: KF6's markers around a hole for the words. */
export const supportToDOM = (node: PMNode): DOMOutputSpec => {
  const kf6Id = kf6IdOf(node);
  const title = node.attrs.title as string;
  return [
    'span',
    {
      class: supportClasses.wrapper,
      'data-support-id': node.attrs.supportId as string,
      ...(node.attrs.linkId ? { 'data-link-id': node.attrs.linkId as string } : {}),
      'data-title': title,
    },
    [
      'span',
      { id: kf6Id, class: `${supportClasses.kf6Start} mceNonEditable ${supportClasses.label}` },
      ['span', { class: supportClasses.kf6StartMark }, '\u00a0'],
      ['span', { class: supportClasses.kf6StartLabel, ...langAttribute(title) }, title],
    ],
    ['span', { class: supportClasses.words }, 0],
    [
      'span',
      { id: kf6Id, class: `${supportClasses.kf6End} mceNonEditable ${supportClasses.end}` },
      ['span', { class: supportClasses.kf6EndMark }, '\u00a0'],
    ],
  ];
};

const isElement = (node: Node | null): node is HTMLElement => node !== null && node.nodeType === 1;

/** Elements that end a line of text: a KF6 support's words never run across one. */
const blockTags = new Set([
  'ADDRESS',
  'ARTICLE',
  'BLOCKQUOTE',
  'DIV',
  'DL',
  'FIGURE',
  'FOOTER',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'HEADER',
  'HR',
  'LI',
  'OL',
  'P',
  'PRE',
  'SECTION',
  'TABLE',
  'UL',
]);

/** What KF6 puts between the markers until the pupil writes (" - … - ", "- enter your idea here -"). */
const isKf6Placeholder = (text: string): boolean => /^-\s*(…|\.\.\.|enter your idea here)?\s*-$/i.test(text.replace(/\u00a0/g, ' ').trim());

/** A marker's id; KF6 templates write `supportid_<id>`. Null unless it is a 24-hex id. */
const kf6MarkerId = (marker: HTMLElement): string | null => {
  const id = (marker.getAttribute('id') ?? '').replace(/^supportid_/, '');
  return objectIdRegex.test(id) ? id : null;
};

/**
 * The words of a raw KF6 support: the siblings after the start marker up to
 * its end marker (same id), moved into a new span inside the start marker so
 * that the parser reads them once, as the support's content, and then carries
 * on after the end marker (which is removed). With no end marker on the same
 * line, the support is empty and what follows stays ordinary text.
 *
 * This rewrites the DOM being parsed: only ever a detached copy (clipboard
 * HTML, a parsed string), never a live page.
 */
const gatherKf6Words = (start: HTMLElement): HTMLElement => {
  const words = start.ownerDocument.createElement('span');
  const id = start.getAttribute('id');
  let end: HTMLElement | null = null;
  for (let sibling = start.nextSibling; sibling; sibling = sibling.nextSibling) {
    if (!isElement(sibling)) continue;
    if (blockTags.has(sibling.nodeName) || sibling.classList.contains(supportClasses.kf6Start)) break;
    if (sibling.classList.contains(supportClasses.kf6End) && (!id || sibling.getAttribute('id') === id)) {
      end = sibling;
      break;
    }
  }
  if (end) {
    while (start.nextSibling && start.nextSibling !== end) words.append(start.nextSibling);
    end.remove();
  }
  if (isKf6Placeholder(words.textContent ?? '')) words.replaceChildren();
  // Inside the start marker, the moved nodes stay in the document being parsed.
  start.append(words);
  return words;
};

/** The words span of a Buildon wrapper; an older wrapper held its words directly. */
const wordsOfWrapper = (wrapper: HTMLElement): HTMLElement => {
  for (const child of Array.from(wrapper.children)) {
    if (child.classList.contains(supportClasses.words)) return child as HTMLElement;
  }
  return wrapper;
};

/** The parse rules of the support node, most specific first. */
export const supportParseRules: TagParseRule[] = [
  {
    // Buildon's own rendering (copy and paste inside Buildon, older `span.kf-support` included).
    tag: `span.${supportClasses.wrapper}`,
    getAttrs: (dom) => {
      const supportId = dom.getAttribute('data-support-id');
      if (!supportId || !objectIdRegex.test(supportId)) return false;
      const linkId = dom.getAttribute('data-link-id');
      return { supportId, linkId: linkId && objectIdRegex.test(linkId) ? linkId : null, title: dom.getAttribute('data-title') ?? '' };
    },
    contentElement: wordsOfWrapper,
  },
  {
    // KF6's start marker. Its id is KF6's (the support's, or the link's once
    // contributed there): the editor matches pasted supports to this
    // community's by id or label (see web/src/features/contribution/editor/commands.ts).
    tag: `span.${supportClasses.kf6Start}`,
    getAttrs: (dom) => {
      const supportId = kf6MarkerId(dom);
      if (!supportId) return false;
      const title = (dom.querySelector(`.${supportClasses.kf6StartLabel}`)?.textContent ?? '').trim();
      return { supportId, linkId: null, title };
    },
    contentElement: gatherKf6Words,
  },
  // Markers left over (an end without its start, a start without a usable id) add nothing but their label.
  { tag: `span.${supportClasses.kf6End}`, ignore: true },
  { tag: `span.${supportClasses.kf6StartMark}`, ignore: true },
  { tag: `span.${supportClasses.kf6EndMark}`, ignore: true },
];
