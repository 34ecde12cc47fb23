import stopwordsIso from 'stopwords-iso/stopwords-iso.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { isStopWord, stopWordKeysOf, stopWordLanguages, stopWordTest } from './stopwords.ts';

describe('stop words (stopwords-iso)', () => {
  it('comes from the package: every word of its French list is a stop word', () => {
    const french = (stopwordsIso as unknown as Record<string, string[]>).fr ?? [];
    expect(french.length).toBeGreaterThan(500);
    for (const word of french) expect(isStopWord(word, ['fr']), word).toBe(true);
  });

  it('knows French and English articles, pronouns and elided forms, with or without accents', () => {
    for (const word of ['le', 'les', 'des', 'une', 'qui', 'très', 'tres', 'déjà', 'deja', "l'", 'qu', "aujourd'hui", 'aujourd’hui']) {
      expect(isStopWord(word, ['fr']), word).toBe(true);
    }
    for (const word of ['the', 'and', 'of', "don't", 'don’t']) expect(isStopWord(word, ['en']), word).toBe(true);
  });

  it("keeps the pupils' content words", () => {
    for (const word of ['émergence', 'connaissance', 'idée', 'soleil', 'plante', 'knowledge', 'idea', 'sun', 'plant']) {
      expect(isStopWord(word), word).toBe(false);
    }
  });

  it('checks French and English together by default, one language when asked', () => {
    expect(isStopWord('the')).toBe(true);
    expect(isStopWord('les')).toBe(true);
    expect(isStopWord('the', ['fr'])).toBe(false);
    expect(isStopWord('les', ['en'])).toBe(false);
  });

  it('keeps the words a caller asks to keep', () => {
    expect(isStopWord('problem', ['en'])).toBe(true);
    const test = stopWordTest(['en'], ['Problem']);
    expect(test('problem')).toBe(false);
    expect(test('the')).toBe(true);
  });

  it("has a list for each of the app's languages the package covers, and none for a language it lacks", () => {
    for (const lang of stopWordLanguages) expect(stopWordKeysOf(lang).size, lang).toBeGreaterThan(50);
    expect(stopWordKeysOf('cn').size).toBe(stopWordKeysOf('zh').size);
    expect(stopWordKeysOf('zh_CN').size).toBe(stopWordKeysOf('zh').size);
    expect(isStopWord('el', ['es'])).toBe(true);
    expect(stopWordKeysOf('xx').size).toBe(0);
  });
});
