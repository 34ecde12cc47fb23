import { Fragment, Slice, type Node as PMNode } from 'prosemirror-model';
import { EditorState, NodeSelection, TextSelection, type Transaction } from 'prosemirror-state';
import { describe, expect, it } from 'vitest';
import {
  adoptLinkIds,
  arrowAtUnit,
  closeSupportsAtEdges,
  deleteUnitBackward,
  deleteUnitForward,
  deleteWordBackward,
  deleteWordForward,
  insertInline,
  insertSupport,
  lineBreakInSupport,
  resolvePastedSupports,
  savedNodeLinks,
  schema,
  selectedText,
  typeText,
  typingAtSupport,
} from './commands.ts';

const support = { _id: 'aaaaaaaaaaaaaaaaaaaaaaaa', title: 'Mon idée' };
const other = { _id: 'bbbbbbbbbbbbbbbbbbbbbbbb', title: 'Je prends du recul' };

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

/** Runs the commands one after the other (each must apply). */
const chain = (state: EditorState, ...commands: ((s: EditorState, d?: (tr: Transaction) => void) => boolean)[]) =>
  commands.reduce((current, command) => {
    const step = run(current, command);
    expect(step.handled).toBe(true);
    return step.state;
  }, state);

const caretAt = (state: EditorState, pos: number) => state.apply(state.tr.setSelection(TextSelection.create(state.doc, pos)));

const supportsIn = (state: EditorState) => {
  const found: { text: string; pos: number; title: string }[] = [];
  state.doc.descendants((node, pos) => {
    if (node.type.name === 'support') found.push({ text: node.textContent, pos, title: node.attrs.title as string });
    return node.type.name !== 'support';
  });
  return found;
};

/** The paragraph as text, a support as [label|words]. */
const shown = (state: EditorState) => {
  let out = '';
  state.doc.descendants((node) => {
    if (node.type.name === 'support') {
      out += `[${node.attrs.title as string}|${node.content.content.map((child) => child.text ?? '↵').join('')}]`;
      return false;
    }
    if (node.isText) out += node.text;
    if (node.type.name === 'hard_break') out += '↵';
    return true;
  });
  return out;
};

const inSupportNow = (state: EditorState) => state.selection.$from.parent.type.name === 'support';

describe('inserting a scaffold support', () => {
  it('wraps the selection: its words (marks kept) inside, the caret at their end, inside', () => {
    // "Je pense que la lumière" — select "la lumière" (positions 14..24; the paragraph opens at 1).
    const bold = stateWith('Je pense que la lumière', 1);
    const marked = bold.tr.addMark(17, 24, schema.marks.strong!.create());
    const start = bold.apply(marked.setSelection(TextSelection.create(marked.doc, 14, 24)));
    expect(selectedText(start)).toBe('la lumière');
    const { state } = run(start, insertSupport(support));
    expect(shown(state)).toBe('Je pense que [Mon idée|la lumière]');
    const node = state.doc.nodeAt(14);
    expect(node?.attrs).toEqual({ supportId: support._id, linkId: null, title: 'Mon idée' });
    expect(node?.lastChild?.marks.map((mark) => mark.type.name)).toEqual(['strong']);
    expect(inSupportNow(state)).toBe(true);
    expect(state.selection.from).toBe(14 + 1 + 'la lumière'.length);
  });

  it('with nothing selected, inserts an empty support with the caret inside, and typing goes into it', () => {
    const { state } = run(stateWith('Idée ', 6), insertSupport(support));
    expect(shown(state)).toBe('Idée [Mon idée|]');
    expect(inSupportNow(state)).toBe(true);
    expect(typingAtSupport(state)).toBe(true);
    const typed = chain(state, typeText("parce que l'eau"), typeText(" s'évapore"));
    expect(shown(typed)).toBe("Idée [Mon idée|parce que l'eau s'évapore]");
    expect(supportsIn(typed)).toEqual([{ text: "parce que l'eau s'évapore", pos: 6, title: 'Mon idée' }]);
  });

  it('inside a support, puts the new one right after it (supports do not nest)', () => {
    const first = chain(stateWith('', 1), insertSupport(support), typeText('une idée'));
    const second = chain(caretAt(first, 3), insertSupport(other), typeText('mais'));
    expect(shown(second)).toBe('[Mon idée|une idée][Je prends du recul|mais]');
  });

  it('leaves a selection across paragraphs as it is and inserts an empty support at its end', () => {
    const doc = schema.node('doc', null, [
      schema.node('paragraph', null, [schema.text('un')]),
      schema.node('paragraph', null, [schema.text('deux')]),
    ]);
    const state = EditorState.create({ doc, selection: TextSelection.create(doc, 2, 7) });
    const after = run(state, insertSupport(support)).state;
    expect(after.doc.childCount).toBe(2);
    expect(shown(after)).toBe('unde[Mon idée|]ux');
    expect(inSupportNow(after)).toBe(true);
  });

  it('refuses where no inline node may go (a code block)', () => {
    const doc = schema.node('doc', null, [schema.node('code_block', null, [schema.text('x = 1')])]);
    const state = EditorState.create({ doc, selection: TextSelection.create(doc, 2) });
    expect(run(state, insertSupport(support)).handled).toBe(false);
  });

  it('puts a reference inserted among a support’s words after the support', () => {
    const written = chain(stateWith('', 1), insertSupport(support), typeText('mots'));
    const reference = schema.nodes.reference!.create({ contributionId: 'c'.repeat(24), title: 'Autre' });
    const { state } = run(caretAt(written, 3), insertInline(reference));
    expect(supportsIn(state)[0]?.text).toBe('mots');
    expect(state.doc.firstChild?.lastChild?.type.name).toBe('reference');
  });
});

describe('editing inside a support', () => {
  /** "Avant [Mon idée|mots] après", the support at 7 (its words 8..12). */
  const written = () => chain(stateWith('Avant  après', 7), insertSupport(support), typeText('mots'));

  it('has one caret stop at each edge: arrows go in and out of the words', () => {
    const state = written();
    const end = 12;
    const after = 13;
    const fromAfter = run(caretAt(state, after), arrowAtUnit(-1));
    expect(fromAfter.state.selection.from).toBe(end);
    expect(inSupportNow(fromAfter.state)).toBe(true);
    // Inside, between letters, arrows are the browser's.
    expect(run(caretAt(state, 10), arrowAtUnit(-1)).handled).toBe(false);
    const fromStart = run(caretAt(state, 8), arrowAtUnit(-1));
    expect(fromStart.state.selection.from).toBe(7);
    expect(inSupportNow(fromStart.state)).toBe(false);
    expect(run(caretAt(state, 7), arrowAtUnit(1)).state.selection.from).toBe(8);
    expect(run(caretAt(state, end), arrowAtUnit(1)).state.selection.from).toBe(after);
  });

  it('starts a new line inside the support on Enter', () => {
    const state = chain(caretAt(written(), 10), lineBreakInSupport, typeText('x'));
    expect(shown(state)).toBe('Avant [Mon idée|mo↵xts] après');
    expect(run(caretAt(state, 3), lineBreakInSupport).handled).toBe(false);
  });

  it('lets the editor type at a support’s edges and inside it, the browser elsewhere', () => {
    const state = written();
    expect(typingAtSupport(caretAt(state, 7))).toBe(true);
    expect(typingAtSupport(caretAt(state, 10))).toBe(true);
    expect(typingAtSupport(caretAt(state, 13))).toBe(true);
    expect(typingAtSupport(caretAt(state, 3))).toBe(false);
    // Typed just before it, the letters stay outside.
    expect(shown(chain(caretAt(state, 7), typeText('!')))).toBe('Avant ![Mon idée|mots] après');
  });
});

describe('deleting a support', () => {
  const empty = () => run(stateWith('Avant  après', 7), insertSupport(support)).state;
  const written = () => chain(empty(), typeText('mots'));

  it('removes an empty support on Backspace at its start (or Delete), and Backspace or Delete next to it', () => {
    expect(shown(run(empty(), deleteUnitBackward).state)).toBe('Avant  après');
    expect(run(empty(), deleteUnitBackward).state.selection.from).toBe(7);
    expect(shown(run(empty(), deleteUnitForward).state)).toBe('Avant  après');
    expect(shown(run(caretAt(empty(), 9), deleteUnitBackward).state)).toBe('Avant  après');
    expect(shown(run(caretAt(empty(), 7), deleteUnitForward).state)).toBe('Avant  après');
  });

  it('selects a written support whole at its edge first; the next key deletes it whole', () => {
    for (const [pos, command] of [
      [8, deleteUnitBackward],
      [13, deleteUnitBackward],
      [12, deleteUnitForward],
      [7, deleteUnitForward],
    ] as const) {
      const first = run(caretAt(written(), pos), command).state;
      expect(first.selection).toBeInstanceOf(NodeSelection);
      expect(shown(first)).toBe('Avant [Mon idée|mots] après');
      expect(shown(run(first, command).state)).toBe('Avant  après');
    }
  });

  it('deletes it as a unit when selected whole, by node or by a text selection over it', () => {
    const state = written();
    const selected = state.apply(state.tr.setSelection(NodeSelection.create(state.doc, 7)));
    expect(supportsIn(run(selected, deleteUnitBackward).state)).toEqual([]);
    const across = state.apply(state.tr.setSelection(TextSelection.create(state.doc, 6, 14)));
    expect(shown(across.apply(across.tr.deleteSelection()))).toBe('Avantaprès');
  });

  it('leaves ordinary text to the default keys', () => {
    const plain = stateWith('Bonjour', 4);
    expect(run(plain, deleteUnitBackward).handled).toBe(false);
    expect(run(plain, deleteUnitForward).handled).toBe(false);
    expect(run(plain, deleteWordBackward).handled).toBe(false);
    expect(run(plain, arrowAtUnit(-1)).handled).toBe(false);
  });

  it('deletes among the words itself: a character (a whole emoji or accented letter), a word, a line break; the support stays', () => {
    // "Avant [Mon idée|mots] après": the words at 8..12.
    expect(shown(run(caretAt(written(), 10), deleteUnitBackward).state)).toBe('Avant [Mon idée|mts] après');
    expect(shown(run(caretAt(written(), 10), deleteUnitForward).state)).toBe('Avant [Mon idée|mos] après');
    // The last letter goes; the (now empty) support stays until the next Backspace.
    const one = chain(empty(), typeText('x'), deleteUnitBackward);
    expect(shown(one)).toBe('Avant [Mon idée|] après');
    expect(shown(run(one, deleteUnitBackward).state)).toBe('Avant  après');
    const emoji = chain(empty(), typeText('eau 💧'), deleteUnitBackward);
    expect(shown(emoji)).toBe('Avant [Mon idée|eau ] après');
    const accent = chain(empty(), typeText('e\u0301'), deleteUnitBackward);
    expect(shown(accent)).toBe('Avant [Mon idée|] après');
    const words = chain(empty(), typeText("l'eau qui monte"), deleteWordBackward);
    expect(shown(words)).toBe("Avant [Mon idée|l'eau qui ] après");
    expect(shown(run(caretAt(words, 8), deleteWordForward).state)).toBe('Avant [Mon idée|qui ] après');
    const broken = chain(empty(), typeText('a'), lineBreakInSupport, deleteUnitBackward, typeText('b'));
    expect(shown(broken)).toBe('Avant [Mon idée|ab] après');
  });

  it('deletes a reference whole and jumps over it', () => {
    const doc = schema.node('doc', null, [
      schema.node('paragraph', null, [
        schema.text('a'),
        schema.nodes.reference!.create({ contributionId: 'c'.repeat(24), title: 'Autre' }),
        schema.text('b'),
      ]),
    ]);
    const state = EditorState.create({ doc, selection: TextSelection.create(doc, 3) });
    expect(run(state, deleteUnitBackward).state.doc.textContent).toBe('ab');
    expect(run(state, arrowAtUnit(-1)).state.selection.from).toBe(2);
  });
});

describe('pasted supports', () => {
  const pasted = (...nodes: PMNode[]) => new Slice(Fragment.from(schema.node('paragraph', null, nodes)), 1, 1);
  const supportNode = (supportId: string, title: string, words: string) =>
    schema.nodes.support!.create({ supportId, linkId: 'd'.repeat(24), title }, schema.text(words));
  const known = [support, other];

  it('keeps a support offered here, matches one from KF6 by its label, and unwraps one matching nothing', () => {
    const slice = resolvePastedSupports(
      pasted(
        supportNode(support._id, 'Mon idée', 'gardé'),
        supportNode('e'.repeat(24), 'je prends du  RECUL', 'relié'),
        supportNode('f'.repeat(24), 'Autre chose', 'texte'),
      ),
      known,
    );
    const nodes = slice.content.firstChild?.content.content ?? [];
    expect(nodes.map((node) => [node.type.name, (node.attrs.supportId as string | undefined) ?? null, node.textContent])).toEqual([
      ['support', support._id, 'gardé'],
      ['support', other._id, 'relié'],
      ['text', null, 'texte'],
    ]);
    // A link id from elsewhere never comes along with a re-matched support.
    expect(nodes[0]?.attrs.linkId).toBe('d'.repeat(24));
    expect(nodes[1]?.attrs).toEqual({ supportId: other._id, linkId: null, title: other.title });
  });

  it('keeps an open slice valid when a support it is open into is unwrapped', () => {
    const inside = new Slice(Fragment.from(schema.node('paragraph', null, [supportNode('f'.repeat(24), 'Autre', 'moitié')])), 2, 2);
    const slice = resolvePastedSupports(inside, known);
    expect([slice.openStart, slice.openEnd]).toEqual([1, 1]);
    const state = stateWith('ab', 2);
    const after = state.apply(state.tr.replaceSelection(slice));
    expect(after.doc.textContent).toBe('amoitiéb');
  });

  it('pastes a support at the edge of foreign HTML whole (ProseMirror would melt it into the text)', () => {
    // What ProseMirror parses from KF6's markup alone: a slice open into the support.
    const foreign = new Slice(Fragment.from(supportNode(support._id, 'Mon idée', 'la glace fond')), 1, 1);
    const closed = closeSupportsAtEdges(foreign);
    expect([closed.openStart, closed.openEnd]).toEqual([0, 0]);
    const state = stateWith('ab', 2);
    expect(shown(state.apply(state.tr.replaceSelection(closed)))).toBe('a[Mon idée|la glace fond]b');
    // Melted, without closing: the label would be lost.
    expect(shown(state.apply(state.tr.replaceSelection(foreign)))).toBe('ala glace fondb');
    // Deeper: a paragraph holding text then a support, open at both ends.
    const deeper = new Slice(
      Fragment.from(schema.node('paragraph', null, [schema.text('x '), supportNode(support._id, 'Mon idée', 'y')])),
      1,
      2,
    );
    expect([closeSupportsAtEdges(deeper).openStart, closeSupportsAtEdges(deeper).openEnd]).toEqual([1, 1]);
  });
});

describe('link ids after a save', () => {
  const link = (n: number) => String(n).padStart(24, '0');

  it('reads the link ids of a saved note (every language), and gives them to the nodes still without one', () => {
    const saved = {
      body: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [
              {
                type: 'support',
                attrs: { supportId: support._id, linkId: link(1), title: 'Mon idée' },
                content: [{ type: 'text', text: 'a' }],
              },
            ],
          },
        ],
      },
      translations: {
        en: {
          title: 'T',
          body: {
            type: 'doc',
            content: [{ type: 'paragraph', content: [{ type: 'support', attrs: { supportId: other._id, linkId: link(2), title: 'x' } }] }],
          },
        },
      },
      keywords: ['k'],
    };
    expect(savedNodeLinks(saved)).toEqual([
      { type: 'support', target: support._id, linkId: link(1) },
      { type: 'support', target: other._id, linkId: link(2) },
    ]);
    // In the editor meanwhile: the saved support (words changed since), a second one of the same kind, and one kept.
    const doc = schema.node('doc', null, [
      schema.node('paragraph', null, [
        schema.nodes.support!.create({ supportId: support._id, linkId: null, title: 'Mon idée' }, schema.text('a et b')),
        schema.nodes.support!.create({ supportId: support._id, linkId: null, title: 'Mon idée' }),
        schema.nodes.support!.create({ supportId: other._id, linkId: link(2), title: 'x' }),
      ]),
    ]);
    const state = EditorState.create({ doc });
    let tr: Transaction | null = null;
    expect(adoptLinkIds(savedNodeLinks(saved))(state, (t) => (tr = t))).toBe(true);
    const next = state.apply(tr!);
    const ids: unknown[] = [];
    next.doc.descendants((node) => {
      if (node.type.name === 'support') ids.push(node.attrs.linkId);
      return node.type.name !== 'support';
    });
    expect(ids).toEqual([link(1), null, link(2)]);
    // Not an undoable step; nothing more to take the second time.
    expect((tr as Transaction | null)?.getMeta('addToHistory')).toBe(false);
    expect(adoptLinkIds(savedNodeLinks(saved))(next)).toBe(false);
  });
});
