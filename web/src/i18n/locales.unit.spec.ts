import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { i18nOptions } from './index.ts';
import { messageCodes, templateOf, type MessageCode } from '../../../contracts/messageCodes.ts';
import { languages } from './languages.ts';
import { locales } from './resources.ts';

type Tree = { [key: string]: string | Tree };

/** Every leaf key as a dotted path. */
const keysOf = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`)));

const valueAt = (tree: Tree, path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (typeof node === 'object' && node !== null ? (node as Tree)[key] : undefined), tree);

describe('locale files', () => {
  const reference = keysOf(locales.fr).sort();

  it('has exactly the nine languages of the spec', () => {
    expect(Object.keys(locales).sort()).toEqual([...languages].sort());
  });

  it.each(languages.map((lang) => [lang]))('%s has every key of fr, and fr every key of it', (lang) => {
    const keys = keysOf(locales[lang]).sort();
    expect(
      reference.filter((key) => !keys.includes(key)),
      `missing from ${lang}`,
    ).toEqual([]);
    expect(
      keys.filter((key) => !reference.includes(key)),
      `missing from fr`,
    ).toEqual([]);
  });

  it.each(languages.map((lang) => [lang]))('%s has no empty text and keeps every {{placeholder}} of fr', (lang) => {
    for (const key of reference) {
      const text = valueAt(locales[lang], key);
      expect(typeof text === 'string' && text.trim().length > 0, `${lang}: ${key}`).toBe(true);
      const placeholders = (s: string) => [...s.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
      expect(placeholders(String(text)), `${lang}: ${key}`).toEqual(placeholders(String(valueAt(locales.fr, key))));
    }
  });

  it('translates every server message code (contracts/messageCodes.ts) under server.<code>', () => {
    const missing = messageCodes().filter((code) => typeof valueAt(locales.fr, `server.${code}`) !== 'string');
    expect(missing).toEqual([]);
  });

  /** Codes whose server text is not English (the spec's French texts, a raw key): English words them anew. */
  const rewordedInEnglish: ReadonlySet<MessageCode> = new Set<MessageCode>([
    'community.joinWrongKey',
    'community.joinAlreadyMember',
    'community.joinNoUser',
    'community.noAuthorSelected',
    'canvas.riseaboveTitleRequired',
    'objects.titleRequired',
  ]);

  it('shows in English the very wording the server sends (the spec fixes it), placeholders in i18next form', () => {
    for (const code of messageCodes()) {
      if (rewordedInEnglish.has(code)) continue;
      expect(valueAt(locales.en, `server.${code}`), code).toBe(templateOf(code).replace(/\{(\w+)\}/g, '{{$1}}'));
    }
  });

  it('never shows a spec message in English in the French interface', () => {
    const english = messageCodes().filter(
      (code) => !rewordedInEnglish.has(code) && valueAt(locales.fr, `server.${code}`) === templateOf(code),
    );
    expect(english).toEqual([]);
  });

  const localesDir = fileURLToPath(new URL('./locales/', import.meta.url));
  const namespaces = readdirSync(localesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

  it.each(namespaces.map((ns) => [ns]))('namespace %s has a file of its own in each of the nine languages', (ns) => {
    const files = readdirSync(`${localesDir}${ns}`).filter((name) => name.endsWith('.json'));
    expect(files.map((name) => name.replace(/\.json$/, '')).sort()).toEqual([...languages].sort());
  });

  it.each(namespaces.map((ns) => [ns]))("every language shows namespace %s from its own file (never another language's)", (ns) => {
    for (const lang of languages) {
      const own = JSON.parse(readFileSync(`${localesDir}${ns}/${lang}.json`, 'utf8')) as Tree;
      for (const key of keysOf(own)) expect(valueAt(locales[lang], key), `${lang}: ${key}`).toBe(valueAt(own, key));
    }
  });

  it('falls back to French for a key a language lacks', async () => {
    const spanish = structuredClone(locales.es) as unknown as Tree;
    delete (spanish.promisingIdeas as Tree).menu;
    const instance = i18next.createInstance();
    await instance.init(i18nOptions({ fr: locales.fr, en: locales.en, es: spanish }, 'es'));
    expect(instance.t('promisingIdeas.menu')).toBe('Idées prometteuses');
    expect(instance.t('promisingIdeas.title')).toBe('Ideas prometedoras');
  });

  it('detects a missing key', () => {
    const broken = structuredClone(locales.en) as unknown as Tree;
    delete (broken.nav as Tree).settings;
    expect(reference.filter((key) => !keysOf(broken).includes(key))).toEqual(['nav.settings']);
  });
});
