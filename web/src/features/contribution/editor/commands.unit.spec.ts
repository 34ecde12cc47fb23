import { EditorState, NodeSelection, TextSelection, type Transaction } from 'prosemirror-state';
import { describe, expect, it } from 'vitest';
import { deleteUnitBackward, deleteUnitForward, insertSupport, jumpOverUnit, schema, selectedText, setSupportText } from './commands.ts';

const support = { _id: 'aaaaaaaaaaaaaaaaaaaaaaaa', title: 'Mon idée' };

/** A one-paragraph note with `text`, the selection from..to (ProseMirror positions). */
const stateWith = (text: string, from: number, to = from) => {
  const doc = schema.node('doc', null, [schema.node('paragraph', null, text ? [schema.text(text)] : [])]);
  return EditorState.create({ doc, selection: TextSelection.create(doc, from, to) });
};

const run = (state: EditorState, command: (s: EditorState, d?: (tr: Transaction) => void) => boolean) => {
  let next = state;
  const handled = command(state, (tr) => {
    next = state.apply(tr);
  });
  return { handled, state: next };
};

const supportsIn = (state: EditorState) => {
  const found: { text: string; pos: number }[] = [];
  state.doc.descendants((node, pos) => {
    if (node.type.name === 'support') found.push({ text: node.textContent, pos });
    return node.type.name !== 'support';
  });
  return found;
};

describe('scaffold supports in the editor', () => {
  it('wraps the selection in one support node and leaves the caret after it', () => {
    // "Je pense que la lumière" — select "la lumière" (positions 14..24; the paragraph opens at 1).
    const start = stateWith('Je pense que la lumière', 14, 24);
    expect(selectedText(start)).toBe('la lumière');
    const { state } = run(start, insertSupport(support, '…'));
    expect(supportsIn(state)).toEqual([{ text: 'la lumière', pos: 14 }]);
    expect(state.doc.textContent).toBe('Je pense que la lumière ');
    const node = state.doc.nodeAt(14);
    expect(node?.attrs).toMatchObject({ supportId: support._id, title: 'Mon idée', linkId: null });
    expect(state.selection.from).toBe(14 + (node?.nodeSize ?? 0) + 1);
  });

  it('uses the placeholder when nothing is selected', () => {
    const { state } = run(stateWith('Idée', 5), insertSupport(support, '…'));
    expect(supportsIn(state).map((s) => s.text)).toEqual(['…']);
  });

  it('treats a support as one unit for arrows, Backspace and Delete', () => {
    const inserted = run(stateWith('Je pense que la lumière', 14, 24), insertSupport(support, '…')).state;
    const nodeSize = inserted.doc.nodeAt(14)?.nodeSize ?? 0;
    const after = 14 + nodeSize;
    const caretAfter = inserted.apply(inserted.tr.setSelection(TextSelection.create(inserted.doc, after)));
    // ArrowLeft from right after it jumps before it in one step.
    const left = run(caretAfter, jumpOverUnit(-1));
    expect(left.handled).toBe(true);
    expect(left.state.selection.from).toBe(14);
    // ArrowRight from before it jumps after it.
    expect(run(left.state, jumpOverUnit(1)).state.selection.from).toBe(after);
    // Backspace after it removes it whole; Delete before it too.
    expect(supportsIn(run(caretAfter, deleteUnitBackward).state)).toEqual([]);
    expect(run(caretAfter, deleteUnitBackward).state.doc.textContent).toBe('Je pense que  ');
    expect(supportsIn(run(left.state, deleteUnitForward).state)).toEqual([]);
    // A selected support is deleted whole as well.
    const selected = inserted.apply(inserted.tr.setSelection(NodeSelection.create(inserted.doc, 14)));
    expect(supportsIn(run(selected, deleteUnitBackward).state)).toEqual([]);
  });

  it('leaves ordinary text to the default keys', () => {
    const plain = stateWith('Bonjour', 4);
    expect(run(plain, deleteUnitBackward).handled).toBe(false);
    expect(run(plain, deleteUnitForward).handled).toBe(false);
    expect(run(plain, jumpOverUnit(-1)).handled).toBe(false);
  });

  it('edits the words of a support', () => {
    const inserted = run(stateWith('a b', 1, 4), insertSupport(support, '…')).state;
    const pos = supportsIn(inserted)[0]?.pos ?? -1;
    const { state } = run(inserted, setSupportText(pos, '  une   autre idée '));
    expect(supportsIn(state).map((s) => s.text)).toEqual(['une autre idée']);
  });
});
