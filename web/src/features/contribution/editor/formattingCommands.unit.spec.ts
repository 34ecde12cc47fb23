import type { Node as PMNode } from 'prosemirror-model';
import { EditorState, TextSelection, type Command } from 'prosemirror-state';
import { describe, expect, it } from 'vitest';
import {
  adoptLinkIds,
  inlinePointNear,
  inSupport,
  insertInline,
  insertSupport,
  markActive,
  savedNodeLinks,
  schema,
  setHeading,
  setLink,
  toggle,
  toggleList,
  typeText,
} from './commands.ts';

/*
 * The note editor's toolbar commands (issue 22 §10): marks, lists, headings,
 * links, and where inline nodes (references, attachments, images) land next
 * to a scaffold support. The support typing and deleting rules are in
 * commands.unit.spec.ts.
 */

const paragraph = (text: string) => schema.node('paragraph', null, text ? [schema.text(text)] : []);
const stateOf = (blocks: PMNode[], from: number, to = from) => {
  const doc = schema.node('doc', null, blocks);
  return EditorState.create({ doc, selection: TextSelection.create(doc, from, to) });
};

/** Applies the command; fails the test when it does not apply. */
const apply = (state: EditorState, command: Command): EditorState => {
  let next: EditorState | null = null;
  expect(command(state, (tr) => (next = state.apply(tr)))).toBe(true);
  return next ?? state;
};

const blockTypes = (state: EditorState) => {
  const names: string[] = [];
  state.doc.forEach((node) => names.push(node.type.name));
  return names;
};

const marksAt = (state: EditorState, pos: number) =>
  state.doc
    .resolve(pos)
    .marks()
    .map((mark) => mark.type.name);

const reference = (n: number) =>
  schema.nodes.reference!.create({ contributionId: String(n).padStart(24, 'c'), title: `Note ${n}`, quote: '', authors: '' });

const support = { _id: 'a'.repeat(24), title: 'Mon idée' };

describe('marks', () => {
  it('toggles bold on the selection and says so', () => {
    // "Le soleil chauffe": select "soleil" (4..10).
    const start = stateOf([paragraph('Le soleil chauffe')], 4, 10);
    const strong = schema.marks.strong!;
    expect(markActive(start, strong)).toBe(false);
    const bold = apply(start, toggle('strong'));
    expect(markActive(bold, strong)).toBe(true);
    expect(marksAt(bold, 5)).toEqual(['strong']);
    expect(marksAt(bold, 12)).toEqual([]);
    const plain = apply(bold, toggle('strong'));
    expect(markActive(plain, strong)).toBe(false);
    expect(plain.doc.eq(start.doc)).toBe(true);
  });

  it('at a caret, stores the mark for the next words typed', () => {
    const caret = stateOf([paragraph('Eau ')], 5);
    const armed = apply(caret, toggle('em'));
    expect(markActive(armed, schema.marks.em!)).toBe(true);
    const typed = apply(armed, typeText('salée'));
    expect(typed.doc.textContent).toBe('Eau salée');
    expect(marksAt(typed, 7)).toEqual(['em']);
    expect(marksAt(typed, 3)).toEqual([]);
  });

  it('applies each of the five marks by name', () => {
    for (const name of ['strong', 'em', 'underline', 'strike', 'code'] as const) {
      const marked = apply(stateOf([paragraph('mot')], 1, 4), toggle(name));
      expect(marksAt(marked, 2)).toEqual([name]);
    }
  });
});

describe('lists and headings', () => {
  it('wraps the paragraph in a list, and the same button lifts it out again', () => {
    const start = stateOf([paragraph('Une idée')], 2);
    const bulleted = apply(start, toggleList('bullet_list'));
    expect(blockTypes(bulleted)).toEqual(['bullet_list']);
    expect(bulleted.doc.firstChild?.firstChild?.type.name).toBe('list_item');
    const lifted = apply(bulleted, toggleList('bullet_list'));
    expect(blockTypes(lifted)).toEqual(['paragraph']);
    expect(lifted.doc.textContent).toBe('Une idée');
    expect(blockTypes(apply(start, toggleList('ordered_list')))).toEqual(['ordered_list']);
  });

  it('makes a heading of the level asked, and a paragraph again with none', () => {
    const start = stateOf([paragraph('Titre'), paragraph('texte')], 2);
    const heading = apply(start, setHeading(2));
    expect(blockTypes(heading)).toEqual(['heading', 'paragraph']);
    expect(heading.doc.firstChild?.attrs.level).toBe(2);
    expect(apply(heading, setHeading(3)).doc.firstChild?.attrs.level).toBe(3);
    expect(blockTypes(apply(heading, setHeading(null)))).toEqual(['paragraph', 'paragraph']);
  });
});

describe('links', () => {
  const linkOf = (state: EditorState, pos: number) =>
    state.doc
      .resolve(pos)
      .marks()
      .find((mark) => mark.type.name === 'link')?.attrs.href as string | undefined;

  it('puts a link on the selected words, replaces it, and takes it off with an empty address', () => {
    const start = stateOf([paragraph('voir la source ici')], 9, 15);
    const linked = apply(start, setLink('https://example.org/a'));
    expect(linkOf(linked, 10)).toBe('https://example.org/a');
    expect(linkOf(linked, 4)).toBeUndefined();
    const replaced = apply(linked, setLink('https://example.org/b'));
    expect(linkOf(replaced, 10)).toBe('https://example.org/b');
    expect(linkOf(apply(replaced, setLink('')), 10)).toBeUndefined();
  });

  it('needs words selected', () => {
    expect(setLink('https://example.org')(stateOf([paragraph('mot')], 2))).toBe(false);
  });
});

describe('inline nodes next to a support', () => {
  /** "Avant [Mon idée|mots] après": the support at 7, its words 8..12. */
  const written = () => apply(apply(stateOf([paragraph('Avant  après')], 7), insertSupport(support)), typeText('mots'));
  const inlineNames = (state: EditorState) => {
    const names: string[] = [];
    state.doc.firstChild?.forEach((node) => names.push(node.isText ? `"${node.text}"` : node.type.name));
    return names;
  };

  it('knows when a position is among a support’s words', () => {
    const state = written();
    expect([7, 8, 10, 12, 13].map((pos) => inSupport(state.doc.resolve(pos)))).toEqual([false, true, true, true, false]);
  });

  it('places a node outside the support: before it from the start of its words, after it otherwise', () => {
    const state = written();
    expect(inlinePointNear(state.doc, 8)).toBe(7);
    expect(inlinePointNear(state.doc, 10)).toBe(13);
    expect(inlinePointNear(state.doc, 12)).toBe(13);
    // Outside a support, the position stays.
    expect(inlinePointNear(state.doc, 3)).toBe(3);
  });

  it('inserts a reference in place of the selection outside supports', () => {
    // "Avant après", "après" selected (7..12).
    const start = stateOf([paragraph('Avant après')], 7, 12);
    const cited = apply(start, insertInline(reference(1)));
    expect(inlineNames(cited)).toEqual(['"Avant "', 'reference']);
  });

  it('never inside a support’s words: the reference goes before it at their start, after it elsewhere', () => {
    const state = written();
    const select = (from: number, to = from) => state.apply(state.tr.setSelection(TextSelection.create(state.doc, from, to)));
    const atStart = select(8);
    expect(inlineNames(apply(atStart, insertInline(reference(1))))).toEqual(['"Avant "', 'reference', 'support', '" après"']);
    const inside = select(9, 11);
    const after = apply(inside, insertInline(reference(2)));
    expect(inlineNames(after)).toEqual(['"Avant "', 'support', 'reference', '" après"']);
    // The words stay whole.
    expect(after.doc.firstChild?.child(1).textContent).toBe('mots');
  });
});

describe('references after a save', () => {
  it('reads the references’ link ids, and gives a cited note’s link to the node citing it without one', () => {
    const linkId = 'e'.repeat(24);
    const saved = {
      body: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [{ type: 'reference', attrs: { contributionId: String(1).padStart(24, 'c'), title: 'Note 1', linkId } }],
          },
        ],
      },
    };
    expect(savedNodeLinks(saved)).toEqual([{ type: 'reference', target: String(1).padStart(24, 'c'), linkId }]);
    // The editor holds the citation of note 1 (no link id yet) and one of note 2: only the first gets the id.
    const state = stateOf([schema.node('paragraph', null, [reference(2), reference(1)])], 1);
    const adopted = apply(state, adoptLinkIds(savedNodeLinks(saved)));
    const ids: unknown[] = [];
    adopted.doc.firstChild?.forEach((node) => ids.push(node.attrs.linkId));
    expect(ids).toEqual([null, linkId]);
  });

  it('finds nothing in data without a document', () => {
    expect(savedNodeLinks({ title: 'x', keywords: ['a'], translations: { en: null } })).toEqual([]);
  });
});
