import type * as JsdomModule from 'jsdom';
import { DOMParser as PMDOMParser, DOMSerializer, type Node as PMNode } from 'prosemirror-model';
import sanitizeHtml from 'sanitize-html';
import { noteSchema, parseNoteBody, type NoteBody } from '../../../../contracts/noteSchema.ts';

/**
 * KF6 note bodies (issue 15 §3): the original stores `data.body` as TinyMCE
 * HTML; Buildon stores a ProseMirror document. A KF6 caller's HTML is first
 * sanitised (an allow-list of tags, classes and attributes: no script, no
 * event handler, no style), then parsed with the shared schema's own parse
 * rules (the same ones the editor uses on paste), so KF6's support markers
 * become support nodes and its references reference nodes. Readers of the
 * dialect get HTML rendered from the document by the same schema.
 *
 * The DOM is jsdom's, scripts off; only detached documents are ever built.
 * jsdom is loaded on the first KF6 body, not at start (it is heavy).
 */

type Jsdom = typeof JsdomModule;
let jsdom: Promise<Jsdom> | null = null;
const newDocument = async (html: string) => {
  jsdom ??= import('jsdom');
  const { JSDOM } = await jsdom;
  return new JSDOM(html).window;
};

const objectId = /^[0-9a-f]{24}$/;

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'span',
    'div',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'del',
    'code',
    'pre',
    'a',
    'img',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    'li',
    'blockquote',
    'hr',
  ],
  allowedAttributes: {
    span: [
      'id',
      'class',
      'data-support-id',
      'data-link-id',
      'data-title',
      'data-contribution-id',
      'data-quote',
      'data-authors',
      'data-attachment-id',
    ],
    a: ['href', 'title'],
    img: ['src', 'alt', 'title', 'width', 'class'],
    p: ['class'],
  },
  allowedClasses: {
    span: [
      'KFSupportStart',
      'KFSupportEnd',
      'mceNonEditable',
      'kfSupportStartMark',
      'kfSupportStartLabel',
      'kfSupportEndMark',
      'KFReference',
      'KFReferenceQuote',
      'KFReferenceText',
      'KFReferenceAuthor',
      'kf-support',
      'kf-support-label',
      'kf-support-words',
      'kf-support-end',
      'kf-reference',
      'kf-attachment',
      'inline-attachment',
      /^[0-9a-f]{24}$/,
    ],
    img: ['inline-attachment', /^[0-9a-f]{24}$/],
    p: ['kfTemplateContent'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

/** The HTML after the allow-list: what may reach the parser. */
export const sanitizeKf6Html = (html: string): string => sanitizeHtml(html, sanitizeOptions);

/**
 * KF6's reference markup (`span.KFReference`, the target in the id or in the
 * link `contribution/<id>`, the quote in `.KFReferenceQuote`) rewritten as
 * Buildon's (`span.kf-reference` with data attributes), which the schema reads.
 */
const rewriteKf6References = (document: Document): void => {
  for (const span of Array.from(document.querySelectorAll('span.KFReference'))) {
    const href = span.querySelector('a')?.getAttribute('href') ?? '';
    const fromHref = /contribution\/([0-9a-f]{24})/.exec(href)?.[1];
    const id = fromHref ?? span.getAttribute('id') ?? '';
    if (!objectId.test(id)) continue;
    const quote = (span.querySelector('.KFReferenceQuote')?.textContent ?? span.querySelector('.KFReferenceText')?.textContent ?? '')
      .replace(/^\s*"|"\s*$/g, '')
      .trim();
    const replacement = document.createElement('span');
    replacement.setAttribute('class', 'kf-reference');
    replacement.setAttribute('data-contribution-id', id);
    replacement.setAttribute('data-quote', quote);
    replacement.setAttribute('data-title', (span.querySelector('a')?.textContent ?? '').trim());
    span.replaceWith(replacement);
  }
  // KF6's inline attachments carry `inline-attachment <id>`.
  for (const element of Array.from(document.querySelectorAll('.inline-attachment'))) {
    if (element.classList.contains('kf-attachment')) continue;
    const id = Array.from(element.classList).find((name) => objectId.test(name));
    if (!id) continue;
    const replacement = document.createElement('span');
    replacement.setAttribute('class', `kf-attachment inline-attachment ${id}`);
    replacement.setAttribute('data-attachment-id', id);
    element.replaceWith(replacement);
  }
};

const parser = PMDOMParser.fromSchema(noteSchema);
const serializer = DOMSerializer.fromSchema(noteSchema);

/** KF6 HTML → a ProseMirror document of the shared schema (sanitised first). Throws on an invalid document. */
export const kf6HtmlToDoc = async (html: string): Promise<NoteBody> => {
  const window = await newDocument(`<!DOCTYPE html><body>${sanitizeKf6Html(html)}</body>`);
  try {
    rewriteKf6References(window.document);
    const doc = parser.parse(window.document.body);
    const json = doc.toJSON() as NoteBody;
    // The schema's own check (attribute validators, depth and size limits).
    parseNoteBody(json);
    return json;
  } finally {
    window.close();
  }
};

/** A stored ProseMirror document → the HTML a KF6 client shows (KF6's support and reference markup). */
export const docToKf6Html = async (body: unknown): Promise<string> => {
  if (body === null || body === undefined) return '';
  if (typeof body === 'string') return sanitizeKf6Html(body);
  let doc: PMNode;
  try {
    doc = parseNoteBody(body);
  } catch {
    return '';
  }
  const window = await newDocument('<!DOCTYPE html><body></body>');
  try {
    const fragment = serializer.serializeFragment(doc.content, { document: window.document });
    const holder = window.document.createElement('div');
    holder.append(fragment);
    return holder.innerHTML;
  } finally {
    window.close();
  }
};
