// @vitest-environment jsdom
import { DOMSerializer } from 'prosemirror-model';
import { describe, expect, it } from 'vitest';
import { annotationTextOf } from '../../../../../contracts/annotations.ts';
import { noteSchema, parseNoteBody } from '../../../../../contracts/noteSchema.ts';
import { textIndex } from '../annotations/dom.ts';
import { markSupports } from './supportAccessibility.ts';

/** Issue 25 §4: a support's start and end, in words, for a screen reader only. */

const id = (n: number) => `64c0000000000000000000${String(n).padStart(2, '0')}`;
const texts = { start: "Début d'échafaudage", end: "Fin d'échafaudage" };

const body = {
  type: 'doc',
  content: [
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'La flaque ' },
        { type: 'support', attrs: { supportId: id(1), title: 'My theory' }, content: [{ type: 'text', text: "l'eau s'évapore" }] },
        { type: 'text', text: ' au soleil ' },
        { type: 'support', attrs: { supportId: id(2), title: 'Mon idée' } },
      ],
    },
  ],
};

/** The body as the read view draws it, supports marked. */
const rendered = (): HTMLElement => {
  const root = document.createElement('div');
  root.append(DOMSerializer.fromSchema(noteSchema).serializeFragment(parseNoteBody(body).content));
  markSupports(root, texts);
  return root;
};

/** Roughly what a screen reader reads: the text, leaving out what is aria-hidden. */
const spoken = (root: HTMLElement): string => {
  const clone = root.cloneNode(true) as HTMLElement;
  clone.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
  return (clone.textContent ?? '').replace(/ +/g, ' ').trim();
};

describe('markSupports', () => {
  it('says where each support starts and ends, the English title in English', () => {
    const root = rendered();
    expect(spoken(root)).toBe(
      "La flaque Début d'échafaudage My theory, l'eau s'évapore Fin d'échafaudage My theory au soleil Début d'échafaudage Mon idée, Fin d'échafaudage Mon idée",
    );
    const [first] = Array.from(root.querySelectorAll<HTMLElement>('.kf-support'));
    const hidden = Array.from(first?.querySelectorAll<HTMLElement>('.kf-support-sr') ?? []);
    expect(hidden).toHaveLength(2);
    expect(hidden.every((span) => span.classList.contains('visually-hidden'))).toBe(true);
    expect(hidden.map((span) => span.querySelector('span')?.lang)).toEqual(['en', 'en']);
    expect(first?.querySelector('.kfSupportStartLabel')?.getAttribute('lang')).toBe('en');
    // The pupil's words are in the page's language.
    expect(first?.querySelector('.kf-support-words')?.closest('[lang]')).toBeNull();
  });

  it('adds them once, however often the view is drawn', () => {
    const root = rendered();
    markSupports(root, texts);
    expect(root.querySelectorAll('.kf-support-sr')).toHaveLength(4);
  });

  it('is not the note’s text: annotations still anchor on the same text', () => {
    expect(textIndex(rendered()).text).toBe(annotationTextOf(body));
  });
});
