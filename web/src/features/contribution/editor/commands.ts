import { Fragment, type Node as PMNode, type MarkType, type NodeType } from 'prosemirror-model';
import { NodeSelection, TextSelection, type Command, type EditorState } from 'prosemirror-state';
import { setBlockType, toggleMark } from 'prosemirror-commands';
import { liftListItem, wrapInList } from 'prosemirror-schema-list';
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
export const toggleList = (name: 'bullet_list' | 'ordered_list'): Command => (state, dispatch) => {
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
export const setLink = (href: string): Command => (state, dispatch) => {
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

/**
 * Wraps the selection (or, with nothing selected, a placeholder) in ONE
 * support node: an atomic unit the editor moves and deletes whole.
 */
export const insertSupport = (support: { _id: string; title: string }, placeholder: string): Command => (state, dispatch) => {
  const type = schema.nodes.support as NodeType;
  const text = selectedText(state).replace(/\s+/g, ' ').trim() || placeholder;
  const node = type.create({ supportId: support._id, linkId: null, title: support.title }, schema.text(text));
  if (dispatch) {
    const tr = state.tr.replaceSelectionWith(node, false);
    // Caret right after the unit, with a space to go on typing.
    const after = tr.mapping.map(state.selection.to);
    const needsSpace = !/^\s/.test(tr.doc.textBetween(after, Math.min(after + 1, tr.doc.content.size - 1), ' ', ' '));
    if (needsSpace) tr.insertText(' ', after);
    tr.setSelection(TextSelection.create(tr.doc, after + (needsSpace ? 1 : 0)));
    dispatch(tr.scrollIntoView());
  }
  return true;
};

/** Replaces the words of the support node at `pos`. */
export const setSupportText = (pos: number, text: string): Command => (state, dispatch) => {
  const node = state.doc.nodeAt(pos);
  if (!node || node.type.name !== 'support') return false;
  const words = text.replace(/\s+/g, ' ').trim();
  if (dispatch) {
    const replacement = node.type.create(node.attrs, words ? schema.text(words) : Fragment.empty);
    dispatch(state.tr.replaceWith(pos, pos + node.nodeSize, replacement));
  }
  return true;
};

/** Inserts an inline node at the selection. */
export const insertInline = (node: PMNode): Command => (state, dispatch) => {
  if (dispatch) dispatch(state.tr.replaceSelectionWith(node, false).scrollIntoView());
  return true;
};

const isUnit = (node: PMNode | null | undefined): node is PMNode =>
  Boolean(node && (node.type.name === 'support' || node.type.name === 'reference' || node.type.name === 'attachmentRef'));

/** Backspace right after a support (or reference) deletes the whole unit. */
export const deleteUnitBackward: Command = (state, dispatch) => {
  const { selection } = state;
  if (selection instanceof NodeSelection && isUnit(selection.node)) {
    if (dispatch) dispatch(state.tr.deleteSelection().scrollIntoView());
    return true;
  }
  if (!selection.empty || !(selection instanceof TextSelection) || !selection.$cursor) return false;
  const $cursor = selection.$cursor;
  const before = $cursor.nodeBefore;
  if (!isUnit(before)) return false;
  if (dispatch) dispatch(state.tr.delete($cursor.pos - before.nodeSize, $cursor.pos).scrollIntoView());
  return true;
};

/** Delete right before a unit deletes it whole. */
export const deleteUnitForward: Command = (state, dispatch) => {
  const { selection } = state;
  if (selection instanceof NodeSelection && isUnit(selection.node)) {
    if (dispatch) dispatch(state.tr.deleteSelection().scrollIntoView());
    return true;
  }
  if (!selection.empty || !(selection instanceof TextSelection) || !selection.$cursor) return false;
  const $cursor = selection.$cursor;
  const after = $cursor.nodeAfter;
  if (!isUnit(after)) return false;
  if (dispatch) dispatch(state.tr.delete($cursor.pos, $cursor.pos + after.nodeSize).scrollIntoView());
  return true;
};

/** Arrow keys jump over a unit in one step (never into its words). */
export const jumpOverUnit =
  (direction: -1 | 1): Command =>
  (state, dispatch) => {
    const { selection } = state;
    if (selection instanceof NodeSelection && isUnit(selection.node)) {
      if (dispatch) dispatch(state.tr.setSelection(TextSelection.create(state.doc, direction < 0 ? selection.from : selection.to)));
      return true;
    }
    if (!(selection instanceof TextSelection) || !selection.$cursor) return false;
    const $cursor = selection.$cursor;
    const node = direction < 0 ? $cursor.nodeBefore : $cursor.nodeAfter;
    if (!isUnit(node)) return false;
    const target = $cursor.pos + direction * node.nodeSize;
    if (dispatch) dispatch(state.tr.setSelection(TextSelection.create(state.doc, target)).scrollIntoView());
    return true;
  };
