import { annotationSkippedClasses, type AnnotationRange } from '../../../../../contracts/annotations.ts';

/**
 * The rendered note and its annotation text (contracts/annotations.ts): the
 * text nodes of the Read tab's body in order, leaving out what the Read tab
 * draws around the text (support labels, references, attachments). The
 * concatenation equals `annotationTextOf(body)` of the document shown.
 */
export type TextIndex = { text: string; entries: { node: Text; start: number }[] };

const skipSelector = annotationSkippedClasses.map((name) => `.${name}`).join(',');

const skipped = (node: Node, root: HTMLElement): boolean => {
  const parent = node.parentElement;
  const hit = parent?.closest(skipSelector);
  return hit !== null && hit !== undefined && root.contains(hit);
};

export const textIndex = (root: HTMLElement): TextIndex => {
  const entries: TextIndex['entries'] = [];
  let text = '';
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (skipped(node, root)) continue;
    const value = (node as Text).data;
    if (!value) continue;
    entries.push({ node: node as Text, start: text.length });
    text += value;
  }
  return { text, entries };
};

/** The annotation-text offset of a DOM boundary point (the next counted character at or after it). */
export const offsetAt = (index: TextIndex, container: Node, offset: number): number => {
  const point = container.ownerDocument?.createRange();
  if (!point) return index.text.length;
  point.setStart(container, offset);
  point.collapse(true);
  for (const { node, start } of index.entries) {
    if (node === container) return start + Math.min(offset, node.data.length);
    // The first counted text node at or after the point.
    if (point.comparePoint(node, 0) >= 0) return start;
  }
  return index.text.length;
};

/** The selection inside `root` as annotation-text offsets, trimmed of surrounding white space; null when there is none. */
export const selectionRange = (root: HTMLElement, selection: Selection | null): (AnnotationRange & { quote: string }) | null => {
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return null;
  const range = selection.getRangeAt(0);
  if (!root.contains(range.commonAncestorContainer)) return null;
  const index = textIndex(root);
  let start = offsetAt(index, range.startContainer, range.startOffset);
  let end = offsetAt(index, range.endContainer, range.endOffset);
  while (start < end && /\s/.test(index.text[start] ?? '')) start++;
  while (end > start && /\s/.test(index.text[end - 1] ?? '')) end--;
  if (end <= start) return null;
  return { start, end, quote: index.text.slice(start, end) };
};

/** Marks drawn by `highlight`, found again to remove them. */
const markAttribute = 'data-annotation-ids';

/** Removes the marks of an earlier `highlight`, leaving the text as rendered. */
export const clearHighlights = (root: HTMLElement): void => {
  root.querySelectorAll(`mark[${markAttribute}]`).forEach((mark) => {
    mark.replaceWith(...mark.childNodes);
  });
  root.normalize();
};

export type Highlight = { id: string; ranges: AnnotationRange[]; className: string };

/**
 * Wraps the text of each highlight's ranges in `<mark>` elements (one per
 * stretch of text and set of annotations, so overlaps show once, with every
 * id in `data-annotation-ids`). The text itself is never parsed as HTML.
 */
export const highlight = (root: HTMLElement, highlights: readonly Highlight[], markClass: string): HTMLElement[] => {
  clearHighlights(root);
  const index = textIndex(root);
  const marks: HTMLElement[] = [];
  for (const { node, start } of index.entries) {
    const end = start + node.data.length;
    // Boundaries inside this node, and which highlights cover each piece.
    const cuts = new Set<number>([start, end]);
    const touching = highlights.flatMap((h) => h.ranges.filter((r) => r.start < end && r.end > start).map((r) => ({ h, r })));
    if (touching.length === 0) continue;
    for (const { r } of touching) {
      cuts.add(Math.max(start, r.start));
      cuts.add(Math.min(end, r.end));
    }
    const points = [...cuts].sort((a, b) => a - b);
    const pieces: { from: number; to: number; covering: Highlight[] }[] = [];
    for (let i = 0; i + 1 < points.length; i++) {
      const from = points[i] as number;
      const to = points[i + 1] as number;
      const covering = [...new Set(touching.filter(({ r }) => r.start <= from && r.end >= to).map(({ h }) => h))];
      pieces.push({ from, to, covering });
    }
    // Split from the end so earlier offsets stay valid.
    let rest: Text = node;
    const wrapped: { text: Text; covering: Highlight[] }[] = [];
    for (const piece of [...pieces].reverse()) {
      const local = piece.from - start;
      const tail = local > 0 ? rest.splitText(local) : rest;
      if (piece.covering.length > 0) wrapped.push({ text: tail, covering: piece.covering });
      if (local > 0) rest = tail.previousSibling as Text;
    }
    for (const { text, covering } of wrapped) {
      const mark = root.ownerDocument.createElement('mark');
      mark.setAttribute(markAttribute, covering.map((h) => h.id).join(' '));
      mark.className = [markClass, ...new Set(covering.map((h) => h.className))].join(' ');
      text.replaceWith(mark);
      mark.append(text);
      marks.push(mark);
    }
  }
  return marks;
};

/** The annotation ids of a mark (or of the mark around a node). */
export const annotationIdsAt = (target: EventTarget | null): string[] => {
  const element = target instanceof Element ? target : target instanceof Node ? target.parentElement : null;
  const mark = element?.closest(`mark[${markAttribute}]`);
  return mark?.getAttribute(markAttribute)?.split(' ').filter(Boolean) ?? [];
};

/** The marks of one annotation. */
export const marksOf = (root: HTMLElement, id: string): HTMLElement[] =>
  [...root.querySelectorAll<HTMLElement>(`mark[${markAttribute}]`)].filter((mark) =>
    mark.getAttribute(markAttribute)?.split(' ').includes(id),
  );
