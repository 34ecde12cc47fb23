import { describe, expect, it } from 'vitest';
import { foldToken, ftsMatchExpression, partsOfMarked, rankText, snippetOf, termOf, tokensOf, type TextTerm } from './textSearch.ts';

const word = (text: string, prefix = false) => termOf(text, prefix) as TextTerm;

describe('the shared definition of a word', () => {
  it('folds accents and case as unicode61 remove_diacritics 2', () => {
    expect(foldToken('Émergence')).toBe('emergence');
    expect(foldToken('ÉLECTRICITÉ')).toBe('electricite');
    expect(foldToken('Ñandú')).toBe('nandu');
    expect(tokensOf("L'Électricité, c'est 100% cool!")).toEqual(['l', 'electricite', 'c', 'est', '100', 'cool']);
    // A decomposed accent is folded like a precomposed one.
    expect(tokensOf('e\u0301mergence')).toEqual(['emergence']);
  });

  it('makes a piece of several words a phrase', () => {
    expect(termOf("l'arbre", true)).toEqual({ tokens: ['l', 'arbre'], prefix: true });
    expect(termOf('!!!', true)).toBeNull();
  });
});

describe('rankText', () => {
  const index = { fields: ['title', 'body'], weights: [3, 1] };
  const docs = [
    { _id: 'a', title: 'Sugar', body: 'nothing here' },
    { _id: 'b', title: 'Tea', body: 'sugar in tea, with a lot of other words around it to make it long' },
    { _id: 'c', title: 'Coffee', body: 'no match' },
  ];

  it('keeps the matches, best first', () => {
    expect(rankText(docs, index, { terms: [word('sugar')] }).map((hit) => hit.doc._id)).toEqual(['a', 'b']);
    expect(rankText(docs, index, { terms: [word('sugar'), word('tea')] }).map((hit) => hit.doc._id)).toEqual(['b']);
    expect(rankText(docs, index, { terms: [word('sug', true)] }).map((hit) => hit.doc._id)).toEqual(['a', 'b']);
    expect(rankText(docs, index, { terms: [word('sug')] })).toEqual([]);
    expect(rankText(docs, index, { terms: [word('sugar')], fields: ['body'] }).map((hit) => hit.doc._id)).toEqual(['b']);
    expect(rankText(docs, index, { terms: [] })).toEqual([]);
  });
});

describe('snippets', () => {
  it('marks the matched words, folds to match, keeps the text as typed', () => {
    expect(snippetOf('Les idées <b>émergent</b>.', { terms: [word('emergent')] })).toEqual([
      { text: 'Les idées <b>', hit: false },
      { text: 'émergent', hit: true },
      { text: '</b>.', hit: false },
    ]);
  });

  it('cuts a long text around the first match with ellipses', () => {
    const text = Array.from({ length: 100 }, (_, i) => `w${i}`).join(' ');
    const parts = snippetOf(text, { terms: [word('w50')] });
    const joined = parts.map((p) => p.text).join('');
    expect(joined.startsWith('…')).toBe(true);
    expect(joined.endsWith('…')).toBe(true);
    expect(parts.filter((p) => p.hit)).toEqual([{ text: 'w50', hit: true }]);
  });

  it('reads FTS5 marked snippets into parts, markers never left in the text', () => {
    expect(partsOfMarked('a \uE000b\uE001 c\uE001')).toEqual([
      { text: 'a ', hit: false },
      { text: 'b', hit: true },
      { text: ' c', hit: false },
    ]);
  });
});

describe('ftsMatchExpression', () => {
  it('quotes every term and limits columns', () => {
    expect(ftsMatchExpression({ terms: [word('leaves store'), word('gr', true)] }, [])).toBe('"leaves store" AND "gr"*');
    expect(ftsMatchExpression({ terms: [word('x')] }, ['c0'])).toBe('{c0} : ("x")');
  });
});
