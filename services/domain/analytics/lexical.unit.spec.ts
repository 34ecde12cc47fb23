import { describe, expect, it } from 'vitest';
import { keyConcepts } from '../text/index.ts';
import { cloudSize, cloudWords, noteLexical, sumLexical, type LexicalNoteRow } from './lexical.ts';

const paragraph = (value: string) => ({ type: 'paragraph', content: [{ type: 'text', text: value }] });
const noteOf = (...lines: string[]) => ({ type: 'Note', data: { body: { type: 'doc', content: lines.map(paragraph) } } });
const row = (id: string, ...lines: string[]): LexicalNoteRow => ({ id, title: `Note ${id}`, ...noteLexical(noteOf(...lines), 'fr') });

describe('noteLexical', () => {
  it('counts words and terms, stop words out, accents and case folded into one term', () => {
    const stats = noteLexical(noteOf("L'émergence des idées. Émergence et EMERGENCE !"), 'fr');
    expect(stats.words).toBe(6); // as the editor counts: "L'émergence" is one word
    expect(stats.terms['emergence']?.count).toBe(3);
    expect(stats.terms['et']).toBeUndefined();
    expect(stats.terms['idees']?.count).toBe(1);
  });

  it('finds key concepts with their sentences, ignoring accents and hyphens', () => {
    const stats = noteLexical(noteOf("Notre classe parle d'auto organisation. Puis de l'emergence du savoir. Rien ici."), 'fr');
    expect(stats.phrases).toEqual([
      { id: 'auto-organisation', count: 1, sentences: ["Notre classe parle d'auto organisation."] },
      { id: 'emergence', count: 1, sentences: ["Puis de l'emergence du savoir."] },
    ]);
  });

  it('is empty for a note without text and for a drawing', () => {
    expect(noteLexical(noteOf(''))).toEqual({ words: 0, terms: {}, phrases: [], atomKeys: '' });
    expect(noteLexical({ type: 'Drawing', data: { svg: '<svg/>' } })).toEqual({ words: 0, terms: {}, phrases: [], atomKeys: '' });
  });

  it('matches each of the 21 key concepts in a note holding its French phrase', () => {
    const stats = noteLexical(noteOf(...keyConcepts.map((concept) => `Nous parlons de ${concept.phrases[0]?.text ?? ''}.`)), 'fr');
    expect(stats.phrases.map((phrase) => phrase.id)).toEqual(keyConcepts.map((concept) => concept.id));
  });
});

describe('sumLexical', () => {
  it("adds an author's notes: words, terms, concepts with their notes, and the notes classified", () => {
    const a = row('a', 'Le chaos et la création de connaissances.');
    const b = row('b', 'Création de connaissances encore : connaissances partagées.');
    const c = row('c', 'Rien de spécial.');
    const sum = sumLexical([a, b, c]);
    expect(sum.notes).toBe(3);
    expect(sum.words).toBe(a.words + b.words + c.words);
    expect(sum.terms['connaissances']?.count).toBe(3);
    const creation = sum.concepts.find((concept) => concept.id === 'creation-de-connaissances');
    expect(creation?.count).toBe(2);
    expect(creation?.notes.map((note) => note.id)).toEqual(['a', 'b']);
    expect(sum.concepts).toHaveLength(21);
    expect(sum.classified).toEqual([
      { id: 'a', title: 'Note a', concepts: ['creation-de-connaissances'] },
      { id: 'b', title: 'Note b', concepts: ['creation-de-connaissances'] },
    ]);
  });

  it('does not change the rows it adds (a row is stored and summed again)', () => {
    const a = row('a', 'soleil soleil');
    sumLexical([a, a]);
    expect(a.terms['soleil']?.count).toBe(2);
  });
});

describe('cloudWords', () => {
  it('keeps the top words, sized linearly from 0..max to 10..100 px', () => {
    const terms = sumLexical([row('a', 'soleil soleil soleil soleil lune lune planète')]).terms;
    expect(cloudWords(terms)).toEqual([
      { text: 'soleil', count: 4, size: 100 },
      { text: 'lune', count: 2, size: 55 },
      { text: 'planète', count: 1, size: 33 },
    ]);
    expect(cloudWords(terms, { limit: 1 })).toHaveLength(1);
    expect(cloudWords(terms, { minLength: 5 }).map((w) => w.text)).toEqual(['soleil', 'planète']);
  });

  it('sizes every word at the minimum when nothing is counted', () => {
    expect(cloudSize(0, 0)).toBe(10);
  });
});
