import { describe, expect, it } from 'vitest';
import { normalise } from './normalise.ts';
import { atomsOf, tokensOf, wordCountOf, wordsOf } from './tokens.ts';

const shown = (text: string, lang?: string) => tokensOf(text, lang).map((token) => `${token.kind}:${token.word}`);

describe('tokensOf', () => {
  it('splits elided articles off (French and Italian), each a token of its own', () => {
    expect(shown("L'émergence d’une idée qu'il jusqu'ici c'est", 'fr')).toEqual([
      "elision:l'",
      'word:émergence',
      "elision:d'",
      'word:une',
      'word:idée',
      "elision:qu'",
      'word:il',
      "elision:jusqu'",
      'word:ici',
      "elision:c'",
      'word:est',
    ]);
    expect(shown("dell'idea un'altra", 'it')).toEqual(["elision:dell'", 'word:idea', "elision:un'", 'word:altra']);
  });

  it("keeps words whose apostrophe is their own (aujourd'hui, don't) and drops an English possessive", () => {
    expect(shown("aujourd'hui don't o'clock the pupil's idea", 'en')).toEqual([
      "word:aujourd'hui",
      "word:don't",
      "word:o'clock",
      'word:the',
      'word:pupil',
      'word:idea',
    ]);
    expect(shown("my mother-in-law's car", 'en')).toEqual(['word:my', 'word:mother-in-law', 'word:car']);
    expect(atomsOf("the pupil's idea", 'en').map((atom) => atom.key)).toEqual(['the', 'pupils', 'idea']);
  });

  it('keeps hyphenated words whole, with any hyphen, and keys them without it', () => {
    const tokens = tokensOf('Auto-organisation, peut‑être ÉLEVER-LE-PROPOS vis-à-vis', 'fr');
    expect(tokens.map((token) => token.word)).toEqual(['auto-organisation', 'peut-être', 'élever-le-propos', 'vis-à-vis']);
    expect(tokens.map((token) => token.key)).toEqual(['autoorganisation', 'peutetre', 'eleverlepropos', 'visavis']);
    expect(shown("l'auto-organisation", 'fr')).toEqual(["elision:l'", 'word:auto-organisation']);
    expect(shown('un tiret - seul')).toEqual(['word:un', 'word:tiret', 'word:seul']);
  });

  it('separates words at NBSP and narrow NBSP, never gluing punctuation to a word', () => {
    expect(shown('Bonjour\u00a0! Vraiment\u202f? oui\u00a0non')).toEqual(['word:bonjour', 'word:vraiment', 'word:oui', 'word:non']);
  });

  it('leaves emoji out, and they separate the words around them', () => {
    expect(shown('idée🙂émergence 👍🏽 super 🎉')).toEqual(['word:idée', 'word:émergence', 'word:super']);
  });

  it('marks numbers, keeps words with digits as words', () => {
    expect(shown('En 2024, 3,5 km et 1.5 de CO2')).toEqual([
      'word:en',
      'number:2024',
      'number:3,5',
      'word:km',
      'word:et',
      'number:1.5',
      'word:de',
      'word:co2',
    ]);
  });

  it('reads French and English mixed in one text, and Chinese with its own word rules', () => {
    expect(wordsOf("The plant's leaves boivent l'eau du soleil.", 'fr')).toEqual([
      'the',
      'plant',
      'leaves',
      'boivent',
      'eau',
      'du',
      'soleil',
    ]);
    expect(wordsOf('思考问题', 'zh_CN').length).toBeGreaterThan(1);
  });

  it('gives offsets into the normalised text', () => {
    const text = 'Une\u00a0idée d’auto-organisation';
    const normal = normalise(text);
    for (const token of tokensOf(text, 'fr')) expect(normal.slice(token.start, token.end)).toBe(token.text);
    expect(tokensOf(text, 'fr').at(-1)?.text).toBe('auto-organisation');
  });
});

describe('atomsOf', () => {
  it('gives the atoms of a compound, each after the first joined to the one before', () => {
    expect(atomsOf('Élever-le-propos ici', 'fr').map((atom) => [atom.word, atom.joined])).toEqual([
      ['élever', false],
      ['le', true],
      ['propos', true],
      ['ici', false],
    ]);
  });
});

describe('wordCountOf', () => {
  it('counts a compound once, an elided article with its word, numbers as words, emoji not', () => {
    expect(wordCountOf("L'auto-organisation, c'est 2 idées 🙂", 'fr')).toBe(4);
    expect(wordCountOf('')).toBe(0);
  });
});
