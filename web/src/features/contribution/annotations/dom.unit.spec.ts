// @vitest-environment jsdom
import { DOMSerializer } from 'prosemirror-model';
import { describe, expect, it } from 'vitest';
import { annotationTextOf } from '../../../../../contracts/annotations.ts';
import { noteSchema, parseNoteBody } from '../../../../../contracts/noteSchema.ts';
import { clearHighlights, highlight, marksOf, selectionRange, textIndex } from './dom.ts';

const id = (n: number) => `64c0000000000000000000${String(n).padStart(2, '0')}`;

const body = {
  type: 'doc',
  content: [
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Les feuilles ' },
        { type: 'text', text: 'captent', marks: [{ type: 'strong' }] },
        { type: 'text', text: ' la lumière.' },
      ],
    },
    {
      type: 'paragraph',
      content: [
        { type: 'support', attrs: { supportId: id(1), title: 'Ma théorie' }, content: [{ type: 'text', text: 'je pense' }] },
        { type: 'text', text: ' que ' },
        { type: 'reference', attrs: { contributionId: id(2), quote: 'cité', title: 'Autre note', authors: 'Léa' } },
        { type: 'text', text: ' fin' },
      ],
    },
  ],
};

/** The body as the Read tab renders it (DocView: the schema's DOM, supports with their label and end mark). */
const rendered = (): HTMLElement => {
  const root = document.createElement('div');
  root.append(DOMSerializer.fromSchema(noteSchema).serializeFragment(parseNoteBody(body).content));
  document.body.replaceChildren(root);
  return root;
};

const select = (root: HTMLElement, from: [Node, number], to: [Node, number]) => {
  const range = document.createRange();
  range.setStart(...from);
  range.setEnd(...to);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
  return selectionRange(root, selection);
};

describe('the rendered note and its annotation text', () => {
  it('counts the same text as the server: support words but not their label, nothing of references', () => {
    const root = rendered();
    expect(root.textContent).toContain('Ma théorie');
    expect(root.textContent).toContain('Autre note');
    expect(textIndex(root).text).toBe(annotationTextOf(body));
    expect(textIndex(root).text).toBe('Les feuilles captent la lumière.je pense que  fin');
  });

  it('turns a selection across elements into offsets and a quote, trimmed of white space', () => {
    const root = rendered();
    const strongText = root.querySelector('strong')?.firstChild as Text;
    const after = strongText.parentElement?.nextSibling as Text;
    const found = select(root, [strongText, 3], [after, 4]);
    expect(found).toEqual({ start: 16, end: 23, quote: 'tent la' });
    // Leading and trailing spaces are left out.
    const first = root.querySelector('p')?.firstChild as Text;
    expect(select(root, [first, 3], [first, 13])).toEqual({ start: 4, end: 12, quote: 'feuilles' });
    // A selection starting in a support label starts at the support's words.
    const label = root.querySelector('.kf-support-label .kfSupportStartLabel')?.firstChild as Text;
    const words = root.querySelector('.kf-support-words')?.firstChild as Text;
    expect(select(root, [label, 2], [words, 2])?.quote).toBe('je');
  });

  it('highlights ranges with marks (overlaps once, with both ids), and clears them back to the same text', () => {
    const root = rendered();
    const before = root.innerHTML;
    const marks = highlight(
      root,
      [
        { id: 'a', ranges: [{ start: 4, end: 20 }], className: 'shared' },
        { id: 'b', ranges: [{ start: 13, end: 31 }], className: 'private' },
      ],
      'mark',
    );
    expect(marks.length).toBeGreaterThan(2);
    expect(
      marksOf(root, 'a')
        .map((m) => m.textContent)
        .join(''),
    ).toBe('feuilles captent');
    expect(
      marksOf(root, 'b')
        .map((m) => m.textContent)
        .join(''),
    ).toBe('captent la lumière');
    const both = marksOf(root, 'a').filter((m) => marksOf(root, 'b').includes(m));
    expect(both.map((m) => m.textContent).join('')).toBe('captent');
    expect(both[0]?.className).toBe('mark shared private');
    expect(root.querySelector('strong mark')?.textContent).toBe('captent');
    expect(textIndex(root).text).toBe(annotationTextOf(body));
    clearHighlights(root);
    expect(root.innerHTML).toBe(before);
  });
});
