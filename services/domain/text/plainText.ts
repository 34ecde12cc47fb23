import { noteBodyOf, type TypedData } from '../../../contracts/contributionData.ts';
import { translationsOf } from '../../../contracts/multilanguage.ts';
import { checkNoteBodySize, parseNoteBody, plainTextOf } from '../../../contracts/noteSchema.ts';

/**
 * The plain text of a note, from its ProseMirror document (issue 13 §1),
 * never from HTML: the document is checked against the note schema
 * (contracts/noteSchema.ts) and read by `plainTextOf`, the one walk of a body
 * that the save (word count, `text4search`), the research exports and the
 * analytics all share. Blocks and hard breaks become new lines; marks (bold,
 * links…) leave their text as it is; list items are lines.
 *
 * Scaffold supports: the words the author wrote inside a support are text,
 * the support's label (its `title`, e.g. "Mon idée") is not. The label is the
 * scaffold's, put there by a click, not the author's words, and Knowledge
 * Forum 6's key-concept analysis meant the author's text; counting labels
 * would make every "Ma théorie" of a class its most frequent words.
 *
 * References (a citation of another note): their quote is text by default
 * (what search and the KBDeX export show); `{ quotes: false }` leaves it out,
 * for counts of the author's own words — the quote is another author's.
 */

export type PlainTextOptions = {
  /** Keep the quoted text of references (default true). */
  quotes?: boolean;
};

/** A copy of a checked body whose references quote nothing (the body's size was checked first, so the depth is bounded). */
const withoutQuotes = (node: unknown): unknown => {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return node;
  const { attrs, content, ...rest } = node as { type?: unknown; attrs?: unknown; content?: unknown };
  const copy: Record<string, unknown> = { ...rest };
  if (attrs !== undefined) copy.attrs = rest.type === 'reference' && typeof attrs === 'object' ? { ...attrs, quote: '' } : attrs;
  if (content !== undefined) copy.content = Array.isArray(content) ? content.map(withoutQuotes) : content;
  return copy;
};

/** The plain text of a body (ProseMirror JSON); '' when it is absent or does not fit the note schema. */
export const bodyPlainText = (body: unknown, options: PlainTextOptions = {}): string => {
  if (body === undefined || body === null) return '';
  try {
    if (options.quotes === false) {
      checkNoteBodySize(body);
      return plainTextOf(parseNoteBody(withoutQuotes(body)));
    }
    return plainTextOf(parseNoteBody(body));
  } catch {
    return '';
  }
};

/** The plain text of a contribution's main body: a note's (`{ type: 'Note', data: { body } }`); '' for any other type. */
export const notePlainText = (contribution: { type?: unknown; data?: unknown }, options: PlainTextOptions = {}): string =>
  bodyPlainText(noteBodyOf(contribution as TypedData), options);

/**
 * The plain text of each language of a multilanguage note (`langInNote`,
 * bodies in `data[lang]`), by language code; empty for a note in one language.
 */
export const noteLanguageTexts = (
  note: { langInNote?: unknown; data: Record<string, unknown> },
  options: PlainTextOptions = {},
): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [lang, { body }] of Object.entries(translationsOf(note))) out[lang] = bodyPlainText(body, options);
  return out;
};
