import { describe, expect, it } from 'vitest';
import { Messages, translatedMessageKeys } from '../../../contracts/messages.ts';
import { languages } from './languages.ts';
import { locales } from './resources.ts';

type Tree = { [key: string]: string | Tree };

/** Every leaf key as a dotted path. */
const keysOf = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );

const valueAt = (tree: Tree, path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (typeof node === 'object' && node !== null ? (node as Tree)[key] : undefined), tree);

describe('locale files', () => {
  const reference = keysOf(locales.fr).sort();

  it('has exactly the nine languages of the spec', () => {
    expect(Object.keys(locales).sort()).toEqual([...languages].sort());
  });

  it.each(languages.map((lang) => [lang]))('%s has every key of fr, and fr every key of it', (lang) => {
    const keys = keysOf(locales[lang]).sort();
    expect(reference.filter((key) => !keys.includes(key)), `missing from ${lang}`).toEqual([]);
    expect(keys.filter((key) => !reference.includes(key)), `missing from fr`).toEqual([]);
  });

  it.each(languages.map((lang) => [lang]))('%s has no empty text and keeps every {{placeholder}} of fr', (lang) => {
    for (const key of reference) {
      const text = valueAt(locales[lang], key);
      expect(typeof text === 'string' && text.trim().length > 0, `${lang}: ${key}`).toBe(true);
      const placeholders = (s: string) => [...s.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
      expect(placeholders(String(text)), `${lang}: ${key}`).toEqual(placeholders(String(valueAt(locales.fr, key))));
    }
  });

  it.each(languages.map((lang) => [lang]))('%s keeps the spec messages word for word', (lang) => {
    for (const [key, text] of Object.entries(Messages)) {
      if (translatedMessageKeys.has(key as keyof typeof Messages)) {
        // Buildon's own messages: in English as in the contract, translated elsewhere.
        if (lang === 'en') expect(valueAt(locales[lang], `messages.${key}`), `${lang}: ${key}`).toBe(text);
        else expect(String(valueAt(locales[lang], `messages.${key}`)).length, `${lang}: ${key}`).toBeGreaterThan(0);
        continue;
      }
      expect(valueAt(locales[lang], `messages.${key}`), `${lang}: ${key}`).toBe(text);
    }
    expect(valueAt(locales[lang], 'messages.resetSucceeded')).toBe('succeeded.');
  });

  it('detects a missing key', () => {
    const broken = structuredClone(locales.en) as unknown as Tree;
    delete (broken.nav as Tree).settings;
    expect(reference.filter((key) => !keysOf(broken).includes(key))).toEqual(['nav.settings']);
  });
});
