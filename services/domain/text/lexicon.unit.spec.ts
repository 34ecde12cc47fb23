import { describe, expect, it } from 'vitest';
import { lexiconKey, lexiconTermsOf, maxLexiconTermLength } from '../../../contracts/lexicon.ts';
import { atomKeysOf, countableOf, countTarget, countTermsIn, termTarget } from './lexicon.ts';

describe('lexiconTermsOf (fact sheet §7: the typed lexicon made a list)', () => {
  it('splits at ";", trims, lower-cases, drops empties, the trailing ";" and duplicates', () => {
    expect(lexiconTermsOf(' Eau ;Réseau;; eau ; ÉMERGENCE;')).toEqual(['eau', 'réseau', 'émergence']);
  });

  it('turns new lines into spaces and collapses spaces', () => {
    expect(lexiconTermsOf('création   de\nconnaissances;\r\nidées\taméliorables')).toEqual([
      'création de connaissances',
      'idées améliorables',
    ]);
  });

  it('removes quotes and punctuation but keeps the apostrophe inside a word and the hyphen', () => {
    expect(lexiconTermsOf('"eau" ; « lave » ; l’eau ; auto-organisation ; (volcan) ! ; \'soleil\' ; 3,5 %')).toEqual([
      'eau',
      'lave',
      "l'eau",
      'auto-organisation',
      'volcan',
      'soleil',
      '35',
    ]);
  });

  it('counts terms that differ only by accents, case or hyphens as duplicates (the first typed is kept)', () => {
    expect(lexiconTermsOf('Émergence; emergence ; auto-organisation; auto organisation; AUTOORGANISATION')).toEqual([
      'émergence',
      'auto-organisation',
    ]);
    expect(lexiconKey('Auto-Organisation')).toBe(lexiconKey('autoorganisation'));
  });

  it('is empty when nothing but separators and signs is typed, and cuts overlong terms', () => {
    expect(lexiconTermsOf(' ; ;; « » ; - ; ... ;')).toEqual([]);
    expect(lexiconTermsOf('')).toEqual([]);
    expect(lexiconTermsOf('a'.repeat(300))[0]).toHaveLength(maxLexiconTermLength);
  });

  it('never treats the text as a pattern', () => {
    expect(lexiconTermsOf('.*; (a|b)+; [x]')).toEqual(['ab', 'x']);
  });
});

describe('counting a lexicon in a text (whole words and phrases)', () => {
  const text =
    "L'eau du réseau coule vers le bateau. L'ÉAU chaude, de l'eau froide !\n" +
    "L'auto-organisation, l'auto organisation et l'autoorganisation. Réorganisation.";

  it("counts whole words only: 'eau' is not found inside 'réseau' or 'bateau'", () => {
    expect(countTermsIn(text, ['eau', 'réseau', 'bateau', 'seau'], 'fr')).toEqual([3, 1, 1, 0]);
  });

  it('ignores accents and case on both sides', () => {
    expect(countTermsIn('Émergence, emergence, ÉMERGENCE et émergences.', ['emergence', 'Émergence'], 'fr')).toEqual([3, 3]);
  });

  it('ignores hyphens: a hyphenated term matches the words spaced, joined or hyphenated', () => {
    expect(countTermsIn(text, ['auto-organisation', 'auto organisation', 'autoorganisation'], 'fr')).toEqual([3, 3, 3]);
    // A part of a hyphenated word is a word of its own; inside one written word it is not.
    expect(countTermsIn(text, ['organisation'], 'fr')).toEqual([2]);
  });

  it('counts phrases word after word, after an elided article, never across sentences', () => {
    expect(countTermsIn(text, ["de l'eau", "l'eau", 'eau chaude', 'coule vers le bateau', 'bateau eau'], 'fr')).toEqual([1, 3, 1, 1, 0]);
    expect(countTermsIn('La classe réfléchit.\nEnsemble nous avançons.', ['réfléchit ensemble'], 'fr')).toEqual([0]);
  });

  it('does not count overlapping matches twice', () => {
    expect(countTermsIn('eau eau eau', ['eau eau'], 'fr')).toEqual([1]);
  });

  it('handles typographic apostrophes, NBSP and an empty text', () => {
    expect(countTermsIn('l’eau\u00A0claire', ["l'eau claire"], 'fr')).toEqual([1]);
    expect(countTermsIn('', ['eau'], 'fr')).toEqual([0]);
  });

  it('keeps a note as its words’ keys, sentence by sentence, and counts from them alone', () => {
    const keys = atomKeysOf("L'Eau coule. Auto-organisation !", 'fr');
    expect(keys).toBe('l eau coule\nauto organisation');
    const countable = countableOf(keys);
    expect(countTarget(countable, termTarget('eau', 'fr'))).toBe(1);
    expect(countTarget(countable, termTarget('Auto-Organisation', 'fr'))).toBe(1);
    expect(countTarget(countable, termTarget('coule auto', 'fr'))).toBe(0);
    expect(countTarget(countable, '')).toBe(0);
  });
});
