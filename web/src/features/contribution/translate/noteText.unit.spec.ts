import { describe, expect, it } from 'vitest';
import { noteTextToTranslate } from './noteText.ts';

const note = (title: string, body: unknown) => ({ title, type: 'Note', data: body === undefined ? {} : { body } }) as never;
const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });

describe('noteTextToTranslate (issue 18 §4)', () => {
  it('sends the title, a blank line, then the text, paragraph by paragraph', () => {
    const body = { type: 'doc', content: [paragraph('Les plantes poussent.'), paragraph('Pourquoi ?')] };
    expect(noteTextToTranslate(note('Ma théorie', body))).toBe('Ma théorie\n\nLes plantes poussent.\nPourquoi ?');
  });

  it('is the title alone for a note never written in, and empty when there is nothing at all', () => {
    expect(noteTextToTranslate(note('Titre', undefined))).toBe('Titre');
    expect(noteTextToTranslate(note('  ', { type: 'doc', content: [{ type: 'paragraph' }] }))).toBe('');
  });

  it('skips a body that does not parse', () => {
    expect(noteTextToTranslate(note('Titre', { type: 'doc', content: [{ type: 'nonsense' }] }))).toBe('Titre');
  });
});
