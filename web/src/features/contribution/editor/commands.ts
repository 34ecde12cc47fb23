import { Fragment, Slice, type Node as PMNode, type MarkType, type NodeType, type ResolvedPos } from 'prosemirror-model';
import { NodeSelection, TextSelection, type Command, type EditorState } from 'prosemirror-state';
import { setBlockType, toggleMark } from 'prosemirror-commands';
import { liftListItem, wrapInList } from 'prosemirror-schema-list';
import { eachDocNode } from '../../../../../contracts/deepJson.ts';
import { noteSchema } from '../../../../../contracts/noteSchema.ts';

export const schema = noteSchema;

/** The selected text, words kept apart across blocks. */
export const selectedText = (state: EditorState): string => {
  const { from, to } = state.selection;
  return state.doc.textBetween(from, to, ' ', ' ');
};

/** Is this mark on across the selection (or stored at the cursor)? */
export const markActive = (state: EditorState, type: MarkType): boolean => {
  const { from, $from, to, empty } = state.selection;
  if (empty) return Boolean(type.isInSet(state.storedMarks ?? $from.marks()));
  return state.doc.rangeHasMark(from, to, type);
};

export const toggle = (name: 'strong' | 'em' | 'underline' | 'strike' | 'code'): Command => {
  const type = schema.marks[name];
  if (!type) return () => false;
  return toggleMark(type);
};

/** Wraps the selection in a list of the type, or lifts it out when already in one. */
export const toggleList =
  (name: 'bullet_list' | 'ordered_list'): Command =>
  (state, dispatch) => {
    const listType = schema.nodes[name] as NodeType;
    const itemType = schema.nodes.list_item as NodeType;
    const { $from } = state.selection;
    for (let depth = $from.depth; depth > 0; depth--) {
      if ($from.node(depth).type === listType) return liftListItem(itemType)(state, dispatch);
    }
    return wrapInList(listType)(state, dispatch);
  };

export const setHeading = (level: number | null): Command =>
  level === null ? setBlockType(schema.nodes.paragraph as NodeType) : setBlockType(schema.nodes.heading as NodeType, { level });

/** Adds (or, with an empty href, removes) a link on the selection. */
export const setLink =
  (href: string): Command =>
  (state, dispatch) => {
    const type = schema.marks.link as MarkType;
    const { from, to, empty } = state.selection;
    if (empty) return false;
    if (dispatch) {
      const tr = state.tr.removeMark(from, to, type);
      if (href) tr.addMark(from, to, type.create({ href }));
      dispatch(tr.scrollIntoView());
    }
    return true;
  };

/** Where an inline node other than words goes for `pos`: just outside a support whose words hold `pos` (before it at their start). */
export const inlinePointNear = (doc: PMNode, pos: number): number => {
  const $pos = doc.resolve(pos);
  if (!inSupport($pos)) return pos;
  return $pos.parentOffset === 0 ? $pos.before() : $pos.after();
};

/** Inserts an inline node at the selection (after the support, when the selection is in one's words). */
export const insertInline =
  (node: PMNode): Command =>
  (state, dispatch) => {
    if (dispatch) {
      const { $from, $to } = state.selection;
      const tr =
        inSupport($from) || inSupport($to)
          ? state.tr.insert(inlinePointNear(state.doc, $to.pos), node)
          : state.tr.replaceSelectionWith(node, false);
      dispatch(tr.scrollIntoView());
    }
    return true;
  };

/*
 * Scaffold supports (issue 21 §3). A support is an inline node whose content
 * is the pupil's words: the caret goes inside and typing adds to them. These
 * commands give it clear edges: each edge is one caret stop, the label and
 * end mark are never half-deleted, and an empty support is removed whole.
 */

const isSupport = (node: PMNode | null | undefined): boolean => node?.type.name === 'support';

/** References and inline attachments: closed units the caret never enters. */
const isClosedUnit = (node: PMNode | null | undefined): boolean => node?.type.name === 'reference' || node?.type.name === 'attachmentRef';

const isUnit = (node: PMNode | null | undefined): node is PMNode => isSupport(node) || isClosedUnit(node);

/** Is the position among a support's words? (Supports do not nest: it is then the parent.) */
export const inSupport = ($pos: ResolvedPos): boolean => isSupport($pos.parent);

/** Only text and line breaks: what a support may hold. */
const onlyWords = (fragment: Fragment): boolean => {
  let words = true;
  fragment.forEach((node) => {
    if (!node.isText && node.type.name !== 'hard_break') words = false;
  });
  return words;
};

/**
 * Inserts a support from the scaffold panel. A selection of text within one
 * paragraph becomes its words (marks kept) and the caret goes to their end,
 * inside; otherwise (nothing selected, or a selection holding pictures,
 * references or several paragraphs, which is left as it is) an empty support
 * goes in at the end of the selection with the caret inside, ready to type.
 * Inside a support, the new one goes right after it.
 */
export const insertSupport =
  (support: { _id: string; title: string }): Command =>
  (state, dispatch) => {
    const type = schema.nodes.support as NodeType;
    const { $from, $to, empty } = state.selection;
    const selected = $from.sameParent($to) ? $from.parent.content.cut($from.parentOffset, $to.parentOffset) : null;
    const wraps = !empty && selected !== null && !inSupport($from) && onlyWords(selected) && type.validContent(selected);
    const content = wraps && selected ? selected : Fragment.empty;
    const from = wraps ? $from.pos : inSupport($to) ? $to.after() : $to.pos;
    const to = wraps ? $to.pos : from;
    const $at = state.doc.resolve(from);
    if (!$at.parent.canReplaceWith($at.index(), state.doc.resolve(to).index(), type)) return false;
    if (dispatch) {
      const tr = state.tr.replaceWith(from, to, type.create({ supportId: support._id, linkId: null, title: support.title }, content));
      tr.setSelection(TextSelection.create(tr.doc, from + 1 + content.size));
      dispatch(tr.scrollIntoView());
    }
    return true;
  };

const deleteNodeAt = (state: EditorState, pos: number, node: PMNode) => state.tr.delete(pos, pos + node.nodeSize).scrollIntoView();
const selectNodeAt = (state: EditorState, pos: number) => state.tr.setSelection(NodeSelection.create(state.doc, pos)).scrollIntoView();

/** How far one Backspace (-1) or Delete (1) reaches in `text`, which ends (or starts) at the caret: a character or a word. */
const reach = (text: string, direction: -1 | 1, by: 'character' | 'word'): number => {
  if (by === 'word') return (direction < 0 ? /(\S+\s*|\s+)$/u.exec(text) : /^(\S+\s*|\s+)/u.exec(text))?.[0].length ?? 0;
  // One user-perceived character (an accented letter typed as two code points, an emoji).
  const graphemes = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)];
  return (direction < 0 ? graphemes.at(-1) : graphemes[0])?.segment.length ?? 0;
};

/**
 * Backspace and Delete (`direction` -1 and 1, by character or, with Ctrl,
 * by word) at a unit. At a support's edge, an empty support goes whole and a
 * written one is selected whole first (the next key deletes it, undo brings
 * it back); references and attachments go whole. Among a support's words the
 * editor deletes itself: the browser's own deletion there removes the words'
 * element with their last letter.
 */
const deleteAtUnit =
  (direction: -1 | 1, by: 'character' | 'word' = 'character'): Command =>
  (state, dispatch) => {
    const { selection } = state;
    if (selection instanceof NodeSelection && isUnit(selection.node)) {
      if (dispatch) dispatch(state.tr.deleteSelection().scrollIntoView());
      return true;
    }
    const $cursor = selection instanceof TextSelection ? selection.$cursor : null;
    if (!$cursor) return false;
    let pos: number;
    let node: PMNode;
    if (inSupport($cursor)) {
      const { parent, parentOffset } = $cursor;
      const atEdge = direction < 0 ? parentOffset === 0 : parentOffset === parent.content.size;
      if (!atEdge) {
        // Line breaks count as one position, like a character.
        const text =
          direction < 0
            ? parent.textBetween(0, parentOffset, undefined, '\n')
            : parent.textBetween(parentOffset, parent.content.size, undefined, '\n');
        const length = Math.max(1, reach(text, direction, by));
        const [from, to] = direction < 0 ? [$cursor.pos - length, $cursor.pos] : [$cursor.pos, $cursor.pos + length];
        if (dispatch) dispatch(state.tr.delete(from, to).scrollIntoView());
        return true;
      }
      pos = $cursor.before();
      node = parent;
    } else {
      const next = direction < 0 ? $cursor.nodeBefore : $cursor.nodeAfter;
      if (!isUnit(next)) return false;
      pos = direction < 0 ? $cursor.pos - next.nodeSize : $cursor.pos;
      node = next;
    }
    if (dispatch) dispatch(isSupport(node) && node.content.size > 0 ? selectNodeAt(state, pos) : deleteNodeAt(state, pos, node));
    return true;
  };

/** Backspace: see `deleteAtUnit`. */
export const deleteUnitBackward: Command = deleteAtUnit(-1);

/** Delete: see `deleteAtUnit`. */
export const deleteUnitForward: Command = deleteAtUnit(1);

/** Ctrl+Backspace: see `deleteAtUnit`. */
export const deleteWordBackward: Command = deleteAtUnit(-1, 'word');

/** Ctrl+Delete: see `deleteAtUnit`. */
export const deleteWordForward: Command = deleteAtUnit(1, 'word');

/**
 * Arrow keys at a unit: into a support's words and out again, one caret stop
 * at each edge (the label and end mark are not text to walk through); over a
 * reference or attachment in one step; a selected unit collapses to its side.
 */
export const arrowAtUnit =
  (direction: -1 | 1): Command =>
  (state, dispatch) => {
    const { selection } = state;
    if (selection instanceof NodeSelection && isUnit(selection.node)) {
      if (dispatch) dispatch(state.tr.setSelection(TextSelection.create(state.doc, direction < 0 ? selection.from : selection.to)));
      return true;
    }
    const $cursor = selection instanceof TextSelection ? selection.$cursor : null;
    if (!$cursor) return false;
    let target: number | null = null;
    if (inSupport($cursor)) {
      if (direction < 0 && $cursor.parentOffset === 0) target = $cursor.before();
      if (direction > 0 && $cursor.parentOffset === $cursor.parent.content.size) target = $cursor.after();
    } else {
      const next = direction < 0 ? $cursor.nodeBefore : $cursor.nodeAfter;
      if (isSupport(next)) {
        target = $cursor.pos + direction;
      } // just inside, at the near end of its words
      else if (next && isClosedUnit(next)) target = $cursor.pos + direction * next.nodeSize;
    }
    if (target === null) return false;
    if (dispatch) dispatch(state.tr.setSelection(TextSelection.create(state.doc, target)).scrollIntoView());
    return true;
  };

/** Enter among a support's words starts a new line inside it (a paragraph cannot start inside a support). */
export const lineBreakInSupport: Command = (state, dispatch) => {
  const { $from, $to } = state.selection;
  if (!inSupport($from) || !$from.sameParent($to)) return false;
  if (dispatch) dispatch(state.tr.replaceSelectionWith(schema.nodes.hard_break!.create(), true).scrollIntoView());
  return true;
};

/**
 * Does typing here touch a support (inside its words, or at its edge)? There
 * the editor inserts typed text itself rather than let the browser edit the
 * DOM next to the label or end mark, where it may put the text in the wrong
 * element (or, in an empty support, outside it).
 */
export const typingAtSupport = (state: EditorState): boolean => {
  const { selection } = state;
  if (!(selection instanceof TextSelection)) return false;
  return [selection.$from, selection.$to].some(($pos) => inSupport($pos) || isSupport($pos.nodeBefore) || isSupport($pos.nodeAfter));
};

/** Types `text` at the selection (see `typingAtSupport`). */
export const typeText =
  (text: string): Command =>
  (state, dispatch) => {
    if (dispatch) dispatch(state.tr.insertText(text).scrollIntoView());
    return true;
  };

/** A label as compared when matching pasted supports: case, spaces and accents aside. */
const labelKey = (title: unknown): string =>
  (typeof title === 'string' ? title : '').normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * Gives pasted supports this community's ids. A support pasted from Knowledge
 * Forum 6 carries KF6's id (of its support, or of its link there), and one
 * copied from elsewhere may name a support not offered here: the server takes
 * only supports of this community. So a support whose id is not one of
 * `known` takes the id of the known support with the same label, and one
 * matching none keeps its words as plain text.
 */
export const resolvePastedSupports = (slice: Slice, known: readonly { _id: string; title: string }[]): Slice => {
  const ids = new Set(known.map((support) => support._id));
  const byLabel = new Map(known.map((support) => [labelKey(support.title), support]));
  let { openStart, openEnd } = slice;
  const map = (fragment: Fragment, depth: number, leftEdge: boolean, rightEdge: boolean): Fragment => {
    const out: PMNode[] = [];
    fragment.forEach((node, _offset, index) => {
      const left = leftEdge && index === 0;
      const right = rightEdge && index === fragment.childCount - 1;
      if (isSupport(node)) {
        if (ids.has(node.attrs.supportId as string)) {
          out.push(node);
          return;
        }
        const match = byLabel.get(labelKey(node.attrs.title));
        if (match) {
          out.push(node.type.create({ supportId: match._id, linkId: null, title: match.title }, node.content, node.marks));
          return;
        }
        // Unwrapped: a slice open into this support is now open one level less.
        if (left && openStart > depth) openStart--;
        if (right && openEnd > depth) openEnd--;
        node.content.forEach((child) => out.push(child));
        return;
      }
      out.push(node.isLeaf ? node : node.copy(map(node.content, depth + 1, left, right)));
    });
    return Fragment.fromArray(out);
  };
  const content = map(slice.content, 0, true, true);
  return new Slice(content, openStart, openEnd);
};

/**
 * A slice with the supports at its edges whole. ProseMirror opens a slice
 * parsed from foreign HTML (KF6's, say) as deep as it can, so a support first
 * or last in it would melt into the text it is pasted into, label lost. Use
 * it for such HTML only: a slice copied in Buildon says how open it is (words
 * copied from inside a support paste as plain words).
 */
export const closeSupportsAtEdges = (slice: Slice): Slice => {
  const edgeDepth = (open: number, side: 'first' | 'last'): number => {
    let node = side === 'first' ? slice.content.firstChild : slice.content.lastChild;
    for (let depth = 0; node && depth < open; depth++) {
      if (isSupport(node)) return depth;
      node = side === 'first' ? node.firstChild : node.lastChild;
    }
    return open;
  };
  const openStart = edgeDepth(slice.openStart, 'first');
  const openEnd = edgeDepth(slice.openEnd, 'last');
  return openStart === slice.openStart && openEnd === slice.openEnd ? slice : new Slice(slice.content, openStart, openEnd);
};

/** A link the server made for a support or reference node on save: which node (type, target) and its id. */
export type SavedNodeLink = { type: 'support' | 'reference'; target: string; linkId: string };

/** The node links of a saved note's data: its body and, for a multilanguage note, each language's body. */
export const savedNodeLinks = (data: Record<string, unknown>): SavedNodeLink[] => {
  const found: SavedNodeLink[] = [];
  const bodies = Object.values(data).flatMap((value) => {
    const isDoc = typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'doc';
    if (isDoc) return [value];
    // `translations`: { lang: { title, body } }.
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? Object.values(value as Record<string, unknown>).map((entry) => (entry as { body?: unknown } | null)?.body)
      : [];
  });
  for (const body of bodies) {
    eachDocNode(body, (node) => {
      const attrs = node.attrs ?? {};
      const target = node.type === 'support' ? attrs.supportId : node.type === 'reference' ? attrs.contributionId : null;
      if (typeof target === 'string' && typeof attrs.linkId === 'string') {
        found.push({ type: node.type as SavedNodeLink['type'], target, linkId: attrs.linkId });
      }
      return node.type !== 'support';
    });
  }
  return found;
};

/**
 * Gives the supports and references the editor holds without a link id the
 * ids the server made for them on save, so the next save keeps those links
 * (rather than making new ones and dropping these) while the pupil goes on
 * writing. In document order, each node takes the first saved link of the
 * same support (or cited note) that no node holds yet. Not an undoable step.
 */
export const adoptLinkIds =
  (saved: readonly SavedNodeLink[]): Command =>
  (state, dispatch) => {
    const held = new Set<string>();
    state.doc.descendants((node) => {
      if (typeof node.attrs.linkId === 'string') held.add(node.attrs.linkId);
      return !isSupport(node);
    });
    const free = saved.filter((link) => !held.has(link.linkId));
    const tr = state.tr;
    state.doc.descendants((node, pos) => {
      const type = node.type.name;
      if ((type === 'support' || type === 'reference') && node.attrs.linkId === null) {
        const target = (type === 'support' ? node.attrs.supportId : node.attrs.contributionId) as string;
        const index = free.findIndex((link) => link.type === type && link.target === target);
        const link = index >= 0 ? free.splice(index, 1)[0] : undefined;
        if (link) tr.setNodeAttribute(pos, 'linkId', link.linkId);
      }
      return !isSupport(node);
    });
    if (!tr.docChanged) return false;
    if (dispatch) dispatch(tr.setMeta('addToHistory', false));
    return true;
  };
