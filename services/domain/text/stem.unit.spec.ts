import { describe, expect, it } from 'vitest';
import { hasStemmer, stem } from './stem.ts';

const fr = (word: string) => stem(word, 'fr');
const en = (word: string) => stem(word, 'en');

describe('light French stemmer', () => {
  it('rule 1: -aux becomes -al', () => {
    expect(fr('chevaux')).toBe(fr('cheval'));
    expect(fr('journaux')).toBe('journal');
  });

  it('rule 2: -x after eu, au, ou is dropped', () => {
    expect(fr('jeux')).toBe('jeu');
    expect(fr('bijoux')).toBe('bijou');
    expect(fr('gâteaux')).toBe('gâteau');
  });

  it('rule 3: a plural s is dropped, not a double s', () => {
    expect(fr('problèmes')).toBe(fr('problème'));
    expect(fr('idées')).toBe(fr('idée'));
    expect(fr('stress')).toBe('stress');
  });

  it('rule 4: a final e is dropped, then a doubled consonant halved (gender)', () => {
    expect(fr('grande')).toBe('grand');
    expect(fr('pensée')).toBe('pensé');
    expect(fr('pensées')).toBe(fr('pensé'));
    expect(fr('bonne')).toBe('bon');
    expect(fr('cruelles')).toBe('cruel');
    expect(fr('émergences')).toBe(fr('émergence'));
    expect(fr('connaissances')).toBe(fr('connaissance'));
  });

  it('leaves short words and derivations alone', () => {
    expect(fr('les')).toBe('les');
    expect(fr('été')).toBe('été');
    expect(fr('organisation')).toBe('organisation');
    expect(fr('organiser')).not.toBe(fr('organisation'));
  });
});

describe('light English stemmer (Harman)', () => {
  it('rule 1: -ies becomes -y, not after a or e', () => {
    expect(en('theories')).toBe('theory');
    expect(en('studies')).toBe(en('study'));
    expect(en('plays')).toBe('play');
  });

  it('rule 2: -es becomes -e, not after a, e or o', () => {
    expect(en('releases')).toBe('release');
    expect(en('shoes')).toBe('shoe');
  });

  it('rule 3: a final s is dropped, not after s, u or i', () => {
    expect(en('ideas')).toBe('idea');
    expect(en('problems')).toBe('problem');
    expect(en('class')).toBe('class');
    expect(en('status')).toBe('status');
    expect(en('analysis')).toBe('analysis');
    expect(en('has')).toBe('has');
  });
});

describe('stem', () => {
  it('has rules for French and English only, by base language', () => {
    expect(stem('ideas', 'en-GB')).toBe('idea');
    expect(stem('idées', 'fr-CA')).toBe(stem('idée', 'fr'));
    expect(stem('ideas', 'es')).toBe('ideas');
    expect(stem('ideas', undefined)).toBe('ideas');
    expect(hasStemmer('fr')).toBe(true);
    expect(hasStemmer('ja')).toBe(false);
  });
});
