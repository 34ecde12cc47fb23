import { eachDocNode } from './deepJson.ts';

/**
 * Anchoring annotations to a note's text (issue 6, item 8), shared by the
 * server (which checks and re-anchors) and the web client (which maps the
 * offsets onto the rendered note).
 *
 * An annotation's `ranges` are character offsets into the note's *annotation
 * text*: the concatenation of the document's text nodes, in order, with
 * nothing added between blocks — independent of ProseMirror positions and of
 * how the note is rendered. What the Read tab draws around the text (support
 * labels, reference quotes and links, attachments, images) is not part of it.
 * The `quote` is that text between the first start and the last end, so a
 * note edited since can be re-anchored by finding the quote again.
 */

export type AnnotationRange = { start: number; end: number };

/**
 * The annotation text of a ProseMirror JSON document (text nodes concatenated,
 * references and attachments left out). Walked without recursion: a stored body
 * may predate the depth limit (issue 20 §0).
 */
export const annotationTextOf = (body: unknown): string => {
  const parts: string[] = [];
  eachDocNode(body, (node) => {
    if (node.type !== 'text') return true;
    if (typeof node.text === 'string') parts.push(node.text);
    return false;
  });
  return parts.join('');
};

/** Node types whose rendering is not annotation text (the client skips these elements' text). */
export const annotationSkippedClasses = ['kf-support-label', 'kf-support-end', 'kf-support-sr', 'kf-reference', 'kf-attachment'] as const;

/**
 * Plain text as typed in an annotation: control characters other than tabs
 * and new lines removed, Windows line ends made `\n`, trimmed. It is never
 * rendered as HTML anywhere (the client sets it as text).
 */
export const plainAnnotationText = (value: string): string =>
  value
    .replace(/\r\n?/g, '\n')
    // eslint-disable-next-line no-control-regex -- control characters are what is being removed
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
    .trim();

/** A quote as stored: control characters (new lines kept) removed, not trimmed, so it stays the exact text of its ranges. */
export const plainQuote = (value: string): string =>
  // eslint-disable-next-line no-control-regex -- control characters are what is being removed
  value.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');

/** Ranges sorted by start, each non-empty and inside a text of `length` characters (null when any is not). */
export const checkedRanges = (ranges: readonly AnnotationRange[], length: number): AnnotationRange[] | null => {
  if (ranges.length === 0) return null;
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  for (const { start, end } of sorted) {
    if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end <= start || end > length) return null;
  }
  return sorted.map(({ start, end }) => ({ start, end }));
};

/** The span from the first start to the last end. */
export const spanOf = (ranges: readonly AnnotationRange[]): AnnotationRange | null => {
  if (ranges.length === 0) return null;
  return { start: Math.min(...ranges.map((r) => r.start)), end: Math.max(...ranges.map((r) => r.end)) };
};

/**
 * Where an annotation lies in `text` now: its own ranges when the text there
 * is still its quote; otherwise the occurrence of the quote nearest to where
 * it was (one range); null when the quote is no longer in the note.
 */
export const anchorAnnotation = (text: string, ranges: readonly AnnotationRange[], quote: string): AnnotationRange[] | null => {
  if (!quote) return null;
  const span = spanOf(ranges);
  const checked = checkedRanges(ranges, text.length);
  if (span && checked && text.slice(span.start, span.end) === quote) return checked;
  const near = span?.start ?? 0;
  let best = -1;
  for (let at = text.indexOf(quote); at !== -1; at = text.indexOf(quote, at + 1)) {
    if (best === -1 || Math.abs(at - near) < Math.abs(best - near)) best = at;
  }
  return best === -1 ? null : [{ start: best, end: best + quote.length }];
};
