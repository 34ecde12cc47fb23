import { describe, expect, it } from 'vitest';
import { OfflineSpellChecker, wordsOf } from './offlineSpellChecker.ts';

const collect = async (stream: AsyncIterable<string>): Promise<string> => {
  let text = '';
  for await (const piece of stream) text += piece;
  return text;
};

/**
 * The offline quick spell-check (issue 18 §3) with the real Hunspell dictionaries of dictionary-fr
 * and dictionary-en: no network, no server. An int test: it reads the dictionary files.
 */
describe('OfflineSpellChecker (nspell, dictionary-fr and dictionary-en)', () => {
  const checker = new OfflineSpellChecker();

  it('cuts a text into words, elisions and compounds kept whole', () => {
    expect(wordsOf('L’eau coule, arc-en-ciel! 42 fois.')).toEqual(["L'eau", 'coule', 'arc-en-ciel', 'fois']);
  });

  it('lists the French misspellings with suggestions, and nothing for a correct text', { timeout: 60_000 }, async () => {
    const answer = await collect(
      checker.stream({ kind: 'spell', language: 'fr', text: "Les plantes poussent dans la maisson de l'école." }),
    );
    expect(answer).toMatch(/^maisson → .*maison/m);
    expect(answer.split('\n').filter(Boolean)).toHaveLength(1);
    expect(await collect(checker.stream({ kind: 'spell', language: 'fr', text: 'Les plantes poussent au soleil.' }))).toBe('');
  });

  it('checks English with the English dictionary', { timeout: 30_000 }, async () => {
    const answer = await collect(checker.stream({ kind: 'spell', language: 'en', text: 'The plnts grow in the sun.' }));
    expect(answer).toMatch(/^plnts → .*plants/m);
  });

  it('keeps serving other work while a dictionary loads (it is fed a slice at a time)', { timeout: 60_000 }, async () => {
    const fresh = new OfflineSpellChecker();
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 20);
    await fresh.speller('en');
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(0);
    expect(fresh.available()).toBe(true);
  });

  it('lets a dictionary go when unused for a while, and loads it again when asked', { timeout: 30_000 }, async () => {
    const forgetful = new OfflineSpellChecker(200);
    expect(await collect(forgetful.stream({ kind: 'spell', language: 'en', text: 'The plnts.' }))).toMatch(/^plnts/m);
    expect(forgetful.holds('en')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(forgetful.holds('en')).toBe(false);
    expect(await collect(forgetful.stream({ kind: 'spell', language: 'en', text: 'The plnts.' }))).toMatch(/^plnts/m);
    expect(forgetful.holds('en')).toBe(true);
  });
});
