import { describe, expect, it } from 'vitest';
import { addTermCounts, countTerms, termFrequencies, topTerms } from './terms.ts';

describe('termFrequencies', () => {
  it('counts words after removing stop words, most frequent first', () => {
    const terms = termFrequencies('Le soleil chauffe la plante. La plante boit, le soleil brille, la plante pousse.', { lang: 'fr' });
    expect(terms.slice(0, 2)).toEqual([
      { term: 'plante', key: 'plante', count: 3 },
      { term: 'soleil', key: 'soleil', count: 2 },
    ]);
    expect(terms.map((term) => term.term)).not.toContain('la');
    expect(terms.map((term) => term.term)).not.toContain('le');
  });

  it('groups case and accent variants, shown in their most frequent form', () => {
    const terms = termFrequencies('Émergence, émergence, emergence et ÉMERGENCE, puis émergence.', { lang: 'fr' });
    expect(terms).toEqual([{ term: 'émergence', key: 'emergence', count: 5 }]);
  });

  it('drops elided articles, numbers, emoji and words outside the length limits, and keeps compounds whole', () => {
    const terms = termFrequencies("L'auto-organisation 🙂 en 2024 : x l'idée d'Ana", { lang: 'fr' });
    expect(terms.map((term) => term.term)).toEqual(['ana', 'auto-organisation', 'idée']);
    expect(termFrequencies('abcdefghij abc', { minLength: 4, maxLength: 8 })).toEqual([]);
  });

  it('drops French and English stop words from a mixed text by default, only the languages asked otherwise', () => {
    const text = "The idea of l'émergence is que les idées of the class grow";
    expect(termFrequencies(text).map((term) => term.term)).toEqual(['class', 'émergence', 'grow', 'idea', 'idées']);
    expect(termFrequencies(text, { stopWordLangs: ['en'] }).map((term) => term.term)).toContain('les');
    expect(termFrequencies(text, { stopWordLangs: [] }).map((term) => term.term)).toContain('the');
  });

  it('groups by light stem when asked', () => {
    const text = 'Une idée, deux idées, des idées. Ideas and one idea.';
    expect(termFrequencies(text, { lang: 'fr' }).map((term) => [term.term, term.count])).toEqual([
      ['idées', 2],
      ['idea', 1],
      ['ideas', 1],
      ['idée', 1],
    ]);
    expect(termFrequencies(text, { lang: 'fr', stem: true })[0]).toEqual({ term: 'idées', key: 'ide', count: 3 });
    expect(termFrequencies('ideas idea plants plant plants', { lang: 'en', stem: true }).map((term) => [term.term, term.count])).toEqual([
      ['plants', 3],
      ['idea', 2],
    ]);
  });

  it("keeps only the limit's first terms", () => {
    expect(termFrequencies('soleil soleil plante lune', {}, 2).map((term) => term.term)).toEqual(['soleil', 'lune']);
  });
});

describe('countTerms and addTermCounts', () => {
  it('add up across notes and take an edited note back off', () => {
    const first = countTerms('soleil plante soleil');
    const second = countTerms('Soleil lune');
    const author = addTermCounts(addTermCounts({}, first), second);
    expect(topTerms(author)).toEqual([
      { term: 'soleil', key: 'soleil', count: 3 },
      { term: 'lune', key: 'lune', count: 1 },
      { term: 'plante', key: 'plante', count: 1 },
    ]);
    addTermCounts(author, first, -1);
    expect(author).toEqual({ soleil: { count: 1, forms: { soleil: 1 } }, lune: { count: 1, forms: { lune: 1 } } });
  });

  it('survives JSON (a read model) and words that name object properties', () => {
    const counts = countTerms('constructor __proto__ toString hasOwnProperty constructor', { stopWordLangs: [] });
    const stored = JSON.parse(JSON.stringify(counts)) as typeof counts;
    expect(topTerms(stored).map((term) => [term.term, term.count])).toEqual([
      ['constructor', 2],
      ['__proto__', 1],
      ['hasownproperty', 1],
      ['tostring', 1],
    ]);
    addTermCounts(stored, counts);
    expect(topTerms(stored).find((term) => term.key === 'constructor')?.count).toBe(4);
    expect(Object.getPrototypeOf(stored.proto?.forms)).toBe(Object.prototype);
    expect(Object.keys(stored.proto?.forms ?? {})).toEqual(['__proto__']);
  });
});
