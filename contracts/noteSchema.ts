import { Node as PMNode, Schema, type DOMOutputSpec, type MarkSpec, type NodeSpec } from 'prosemirror-model';
import { marks as basicMarks, nodes as basicNodes } from 'prosemirror-schema-basic';
import { addListNodes } from 'prosemirror-schema-list';
import { Messages } from './catalogs/messages.ts';
import { supportParseRules, supportToDOM } from './supportMarkup.ts';

/**
 * The ProseMirror schema of a note's body, shared by the server (which
 * validates every saved document against it and computes the word count and
 * the search text) and the web editor.
 *
 * Blocks: paragraphs, headings 1–6, blockquotes, code blocks, horizontal
 * rules, bullet and ordered lists. Inline: text with the marks bold (`strong`),
 * italic (`em`), underline, strike, code and link; hard breaks; images (max
 * width 200 px); and three Knowledge Forum nodes:
 *
 * - `support` {supportId, linkId, title}: a scaffold support holding the words
 *   the pupil writes inside it. It is an *inline node with content* (text and
 *   line breaks): the caret goes in and typing adds to its words, which are
 *   part of the document (word count, search); the label and end mark are
 *   drawn around them, and one support is never split into a half-deleted
 *   start/end pair as the original's two spans could be. KF6's HTML of a
 *   support (`KFSupportStart` … `KFSupportEnd`) is its DOM form, both ways
 *   (contracts/supportMarkup.ts). `linkId` is filled in by the server: the id
 *   of the `supports` link it became.
 * - `reference` {contributionId, quote, title, authors, linkId}: a citation of
 *   another contribution, an atomic leaf; becomes a `references` link
 *   (`data.text` = quote) on save.
 * - `attachmentRef` {attachmentId}: an inline attachment (24-hex id), an atomic leaf.
 *
 * Attribute values are validated (`Node.check()` runs the validators): URLs
 * must be http(s), mailto, relative or (images) `data:image/…`, so a stored
 * document can never carry `javascript:` links.
 */

/** Inline images are at most this wide (spec part 1 §9); dropped images start at `droppedImageWidth`. */
export const maxInlineImageWidth = 200;
export const droppedImageWidth = 100;

const objectIdRegex = /^[0-9a-f]{24}$/;

const fail = (message: string): never => {
  throw new RangeError(message);
};

const isString = (value: unknown): value is string => typeof value === 'string';

/** Links: http(s), mailto, in-app paths (`/contribution/…`) and fragments. */
export const isSafeHref = (value: unknown): boolean => {
  if (!isString(value) || value.length > 2048) return false;
  const trimmed = value.trim();
  if (/^(https?:|mailto:)/i.test(trimmed)) return true;
  // Relative: no scheme before the first '/', '?' or '#'.
  return !/^[^/?#]*:/.test(trimmed) && !trimmed.startsWith('//');
};

/** Image sources: http(s), in-app paths and base64 raster data URLs. */
export const isSafeImageSrc = (value: unknown): boolean => {
  if (!isString(value) || value.length > 5_000_000) return false;
  const trimmed = value.trim();
  if (/^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]*$/i.test(trimmed)) return true;
  if (/^https?:/i.test(trimmed)) return true;
  return !/^[^/?#]*:/.test(trimmed) && !trimmed.startsWith('//');
};

const validateString = (max: number) => (value: unknown) => {
  if (!isString(value)) fail('expected a string');
  if ((value as string).length > max) fail(`longer than ${max} characters`);
};
const validateOptionalObjectId = (value: unknown) => {
  if (value !== null && !(isString(value) && objectIdRegex.test(value))) fail('expected a 24-hex id or null');
};
const validateObjectId = (value: unknown) => {
  if (!(isString(value) && objectIdRegex.test(value))) fail('expected a 24-hex id');
};

const image: NodeSpec = {
  inline: true,
  group: 'inline',
  draggable: true,
  attrs: {
    src: { validate: (value: unknown) => void (isSafeImageSrc(value) || fail('unsafe image source')) },
    alt: { default: null, validate: (value: unknown) => void (value === null || validateString(500)(value)) },
    title: { default: null, validate: (value: unknown) => void (value === null || validateString(500)(value)) },
    width: {
      default: null,
      validate: (value: unknown) =>
        void (
          value === null ||
          (typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= maxInlineImageWidth) ||
          fail(`width must be a number up to ${maxInlineImageWidth}`)
        ),
    },
  },
  parseDOM: [
    {
      tag: 'img[src]',
      getAttrs: (dom) => {
        const src = dom.getAttribute('src');
        if (!isSafeImageSrc(src)) return false;
        const width = Number(dom.getAttribute('width'));
        return {
          src,
          alt: dom.getAttribute('alt'),
          title: dom.getAttribute('title'),
          width: Number.isFinite(width) && width > 0 ? Math.min(width, maxInlineImageWidth) : null,
        };
      },
    },
  ],
  toDOM: (node): DOMOutputSpec => {
    const { src, alt, title, width } = node.attrs as { src: string; alt: string | null; title: string | null; width: number | null };
    return [
      'img',
      {
        src,
        ...(alt ? { alt } : {}),
        ...(title ? { title } : {}),
        ...(width ? { width: String(width) } : {}),
        style: `max-width: ${maxInlineImageWidth}px`,
      },
    ];
  },
};

/**
 * A scaffold support: the pupil writes inside it (issue 21 §3). Its content is
 * their words (text with marks, and line breaks); the label and the end mark
 * are drawn around them (never part of the text). Not an atom: the caret goes
 * inside; still selectable, so it can be selected and deleted as one unit.
 * Rendered and parsed as Knowledge Forum 6 markup (contracts/supportMarkup.ts).
 */
const support: NodeSpec = {
  inline: true,
  group: 'inline',
  content: '(text | hard_break)*',
  selectable: true,
  attrs: {
    supportId: { validate: validateObjectId },
    linkId: { default: null, validate: validateOptionalObjectId },
    title: { default: '', validate: validateString(500) },
  },
  parseDOM: supportParseRules,
  toDOM: supportToDOM,
};

const reference: NodeSpec = {
  inline: true,
  group: 'inline',
  atom: true,
  selectable: true,
  draggable: true,
  attrs: {
    contributionId: { validate: validateObjectId },
    quote: { default: '', validate: validateString(10_000) },
    title: { default: '', validate: validateString(500) },
    authors: { default: '', validate: validateString(1_000) },
    linkId: { default: null, validate: validateOptionalObjectId },
  },
  parseDOM: [
    {
      tag: 'span.kf-reference',
      getAttrs: (dom) => {
        const contributionId = dom.getAttribute('data-contribution-id');
        if (!contributionId || !objectIdRegex.test(contributionId)) return false;
        const linkId = dom.getAttribute('data-link-id');
        return {
          contributionId,
          quote: dom.getAttribute('data-quote') ?? '',
          title: dom.getAttribute('data-title') ?? '',
          authors: dom.getAttribute('data-authors') ?? '',
          linkId: linkId && objectIdRegex.test(linkId) ? linkId : null,
        };
      },
    },
  ],
  toDOM: (node): DOMOutputSpec => {
    const { contributionId, quote, title, authors } = node.attrs as Record<string, string>;
    return [
      'span',
      {
        class: 'kf-reference',
        'data-contribution-id': contributionId ?? '',
        'data-quote': quote ?? '',
        'data-title': title ?? '',
        'data-authors': authors ?? '',
        ...(node.attrs.linkId ? { 'data-link-id': node.attrs.linkId as string } : {}),
      },
      quote ? `"${quote}" ` : '',
      ['a', { href: `/contribution/${contributionId ?? ''}` }, title ?? ''],
      authors ? ` by ${authors}` : '',
    ];
  },
  leafText: (node) => (node.attrs.quote as string) ?? '',
};

const attachmentRef: NodeSpec = {
  inline: true,
  group: 'inline',
  atom: true,
  selectable: true,
  draggable: true,
  attrs: { attachmentId: { validate: validateObjectId } },
  parseDOM: [
    {
      tag: 'span.kf-attachment',
      getAttrs: (dom) => {
        const attachmentId = dom.getAttribute('data-attachment-id');
        return attachmentId && objectIdRegex.test(attachmentId) ? { attachmentId } : false;
      },
    },
  ],
  toDOM: (node): DOMOutputSpec => [
    'span',
    {
      class: `kf-attachment inline-attachment ${node.attrs.attachmentId as string}`,
      'data-attachment-id': node.attrs.attachmentId as string,
    },
  ],
  leafText: () => '',
};

const underline: MarkSpec = {
  parseDOM: [{ tag: 'u' }, { style: 'text-decoration=underline' }],
  toDOM: () => ['u', 0],
};
const strike: MarkSpec = {
  parseDOM: [{ tag: 's' }, { tag: 'del' }, { tag: 'strike' }, { style: 'text-decoration=line-through' }],
  toDOM: () => ['s', 0],
};
const link: MarkSpec = {
  ...basicMarks.link,
  attrs: {
    href: { validate: (value: unknown) => void (isSafeHref(value) || fail('unsafe link')) },
    title: { default: null, validate: (value: unknown) => void (value === null || validateString(500)(value)) },
  },
  parseDOM: [
    {
      tag: 'a[href]',
      getAttrs: (dom) => {
        const href = dom.getAttribute('href');
        return isSafeHref(href) ? { href, title: dom.getAttribute('title') } : false;
      },
    },
  ],
  toDOM: (mark): DOMOutputSpec => [
    'a',
    {
      href: mark.attrs.href as string,
      ...(mark.attrs.title ? { title: mark.attrs.title as string } : {}),
      rel: 'noopener noreferrer nofollow',
    },
    0,
  ],
};

const baseSchema = new Schema({
  nodes: {
    doc: basicNodes.doc,
    paragraph: basicNodes.paragraph,
    blockquote: basicNodes.blockquote,
    horizontal_rule: basicNodes.horizontal_rule,
    heading: basicNodes.heading,
    code_block: basicNodes.code_block,
    text: basicNodes.text,
    hard_break: basicNodes.hard_break,
    image,
    support,
    reference,
    attachmentRef,
  },
  marks: { link, em: basicMarks.em, strong: basicMarks.strong, underline, strike, code: basicMarks.code },
});

export const noteSchema = new Schema({
  nodes: addListNodes(baseSchema.spec.nodes, 'paragraph block*', 'block'),
  marks: baseSchema.spec.marks,
});

/** A note body as stored: ProseMirror's JSON of a `doc` node. */
export type NoteBody = { type: 'doc'; content?: unknown[] } & Record<string, unknown>;

/** The empty document of a new note. */
export const emptyNoteBody = (): NoteBody => ({ type: 'doc', content: [{ type: 'paragraph' }] });

/** How deep nodes may nest in a note (blockquote in list item in …): far beyond any real note. */
export const maxNoteDepth = 40;
/** How many nodes (text runs included) a note may hold: about 100 pages of text. */
export const maxNoteNodes = 20_000;

/**
 * A body beyond `maxNoteDepth` or `maxNoteNodes`. `key` names the contract's
 * message (`Messages.noteTooDeep`, `noteTooLarge`): the server sends it (400 on
 * `body`) with its code, which the web client shows in the reader's language.
 */
export class NoteBodyTooLarge extends RangeError {
  override name = 'NoteBodyTooLarge';
  constructor(readonly key: 'noteTooDeep' | 'noteTooLarge') {
    super(Messages[key]);
  }
}

/**
 * Checks the size of a document's JSON before anything walks it recursively
 * (ProseMirror's `fromJSON`, copies, renderers): at most `maxNoteDepth` nested
 * nodes and `maxNoteNodes` nodes, and no JSON nested deeper than those nodes
 * need. Iterative, so a body nested 100,000 levels deep is refused, not a
 * stack overflow.
 * @throws NoteBodyTooLarge naming the limit
 */
export const checkNoteBodySize = (json: unknown): void => {
  // A node is {type, content: [...]}: two JSON levels per node level, plus marks and attrs.
  const maxJsonDepth = 2 * maxNoteDepth + 4;
  const stack: { value: unknown; depth: number; nodeDepth: number }[] = [{ value: json, depth: 1, nodeDepth: 1 }];
  let nodes = 0;
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const { value, depth, nodeDepth } = entry;
    if (typeof value !== 'object' || value === null) continue;
    if (depth > maxJsonDepth || nodeDepth > maxNoteDepth) throw new NoteBodyTooLarge('noteTooDeep');
    if (Array.isArray(value)) {
      for (const item of value) stack.push({ value: item, depth: depth + 1, nodeDepth });
      continue;
    }
    const record = value as Record<string, unknown>;
    const isNode = typeof record.type === 'string';
    if (isNode && ++nodes > maxNoteNodes) throw new NoteBodyTooLarge('noteTooLarge');
    for (const key of Object.keys(record)) {
      stack.push({ value: record[key], depth: depth + 1, nodeDepth: isNode && key === 'content' ? nodeDepth + 1 : nodeDepth });
    }
  }
};

const fitsNoteLimits = (body: unknown): boolean => {
  try {
    checkNoteBodySize(body);
    return true;
  } catch {
    return false;
  }
};

/** Shown instead of a stored body beyond the limits (one saved before they existed): it stays in the log. */
export const oversizedBodyPlaceholder = (): NoteBody => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text: '[This text is nested too deeply to be shown.]' }] }],
});

/**
 * A contribution's `data` as it may be sent to a reader: a note body (or a
 * translation's body, in `translations` or at `data[lang]`) beyond `maxNoteDepth`/`maxNoteNodes` — only events
 * written before the limit existed hold one — is replaced by a placeholder,
 * so no serialiser or editor recurses through thousands of levels.
 */
export const withServableBodies = <T extends Record<string, unknown>>(data: T): T => {
  let out = data;
  if (data.body !== undefined && !fitsNoteLimits(data.body)) out = { ...out, body: oversizedBodyPlaceholder() };
  // A multilanguage note keeps each language's body at `data[lang]` (see contracts/multilanguage.ts).
  for (const [key, value] of Object.entries(data)) {
    if (key === 'body' || key === 'translations') continue;
    const isDoc = typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'doc';
    if (isDoc && !fitsNoteLimits(value)) out = { ...out, [key]: oversizedBodyPlaceholder() };
  }
  const translations = data.translations;
  if (translations && typeof translations === 'object' && !Array.isArray(translations)) {
    const entries = Object.entries(translations as Record<string, { body?: unknown }>);
    if (entries.some(([, entry]) => entry && typeof entry === 'object' && !fitsNoteLimits(entry.body))) {
      out = {
        ...out,
        translations: Object.fromEntries(
          entries.map(([lang, entry]) => [lang, fitsNoteLimits(entry?.body) ? entry : { ...entry, body: oversizedBodyPlaceholder() }]),
        ),
      };
    }
  }
  return out;
};

/**
 * Parses and checks a document against the schema.
 * @throws RangeError (or another Error) with ProseMirror's reason when it does not fit
 */
export const parseNoteBody = (json: unknown): PMNode => {
  if (typeof json !== 'object' || json === null || (json as { type?: unknown }).type !== 'doc') {
    throw new RangeError('the body must be a ProseMirror document (type "doc")');
  }
  checkNoteBodySize(json);
  const node = PMNode.fromJSON(noteSchema, json);
  node.check();
  return node;
};

/**
 * The plain text of a document: blocks and hard breaks become new lines;
 * supports (their text) and references (their quote) are set apart by spaces.
 */
export const plainTextOf = (doc: PMNode): string => {
  const parts: string[] = [];
  // An explicit stack, not recursion (issue 20 §0): a string on it is text to add once the nodes above it are done.
  const stack: (PMNode | string)[] = [doc];
  const pushChildren = (node: PMNode) => {
    for (let i = node.childCount - 1; i >= 0; i--) stack.push(node.child(i));
  };
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if (typeof item === 'string') {
      parts.push(item);
      continue;
    }
    const node = item;
    if (node.isText) {
      parts.push(node.text ?? '');
      continue;
    }
    const name = node.type.name;
    if (name === 'hard_break') parts.push('\n');
    else if (name === 'reference') parts.push(` ${node.attrs.quote as string} `);
    else if (name === 'support') {
      parts.push(' ');
      stack.push(' ');
      pushChildren(node);
    } else if (node.isBlock) {
      if (parts.length > 0) parts.push('\n');
      pushChildren(node);
    } else pushChildren(node);
  }
  return parts
    .join('')
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .filter((line) => line.length > 0)
    .join('\n');
};

/** Words as a word processor counts them: runs of letters or digits (apostrophes and hyphens inside a word keep it one). */
export const countWords = (text: string): number => text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0;

/** Keywords as typed: split on ';', trimmed, empties dropped, duplicates kept once. */
export const splitKeywords = (input: string): string[] => [
  ...new Set(
    input
      .split(';')
      .map((keyword) => keyword.trim())
      .filter((keyword) => keyword.length > 0),
  ),
];

/** The search text of a note (fact sheet §4): '( title ) ' + plain text + ' ( keywords )'. */
export const noteSearchText = (title: string, plainText: string, keywords: readonly string[]): string =>
  `( ${title} ) ${plainText} ( ${keywords.join('; ')} )`;

/** Every support node of a document, in order. */
export const supportNodesOf = (doc: PMNode): { supportId: string; linkId: string | null; title: string }[] => {
  const found: { supportId: string; linkId: string | null; title: string }[] = [];
  doc.descendants((node) => {
    if (node.type.name === 'support') {
      found.push({
        supportId: node.attrs.supportId as string,
        linkId: (node.attrs.linkId as string | null) ?? null,
        title: node.attrs.title as string,
      });
      return false;
    }
    return true;
  });
  return found;
};

/** Every reference node of a document, in order. */
export const referenceNodesOf = (doc: PMNode): { contributionId: string; quote: string; linkId: string | null }[] => {
  const found: { contributionId: string; quote: string; linkId: string | null }[] = [];
  doc.descendants((node) => {
    if (node.type.name === 'reference') {
      found.push({
        contributionId: node.attrs.contributionId as string,
        quote: node.attrs.quote as string,
        linkId: (node.attrs.linkId as string | null) ?? null,
      });
    }
    return true;
  });
  return found;
};
