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

  /**
   * Each namespace directory (`locales/<ns>/<lang>.json`) read file by file, so
   * a namespace left in French and English, or a translation written but not
   * registered in resources.ts, is caught here rather than by a reader.
   */
  const namespaceFiles = import.meta.glob<Tree>('./locales/*/*.json', { eager: true, import: 'default' });
  const namespaceTrees = new Map<string, Map<string, Tree>>();
  for (const [path, tree] of Object.entries(namespaceFiles)) {
    const [, namespace, lang] = /^\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
    if (namespace === undefined || lang === undefined) throw new Error(`unexpected locale file ${path}`);
    if (!namespaceTrees.has(namespace)) namespaceTrees.set(namespace, new Map());
    namespaceTrees.get(namespace)?.set(lang, tree);
  }

  it('finds the namespace directories', () => {
    expect([...namespaceTrees.keys()]).toEqual(expect.arrayContaining(['canvas', 'canvasNav', 'search', 'security', 'server']));
  });

  it.each([...namespaceTrees.keys()].map((ns) => [ns]))(
    'namespace %s: each file has the keys of fr.json and is the one resources.ts serves',
    (ns) => {
      const files = namespaceTrees.get(ns) ?? new Map<string, Tree>();
      const fr = files.get('fr');
      expect(fr, `${ns}/fr.json`).toBeDefined();
      const reference = keysOf(fr ?? {}).sort();
      for (const lang of languages) {
        const file = files.get(lang) ?? files.get('en');
        expect(file, `${ns}/${lang}.json`).toBeDefined();
        expect(keysOf(file ?? {}).sort(), `${ns}/${lang}.json`).toEqual(reference);
        for (const top of Object.keys(fr ?? {})) {
          expect(valueAt(locales[lang], top), `${ns}/${lang}.json is not what resources.ts merges for ${lang}`).toEqual(file?.[top]);
        }
      }
    },
  );

  it.each([...namespaceTrees.keys()].flatMap((ns) => languages.filter((lang) => lang !== 'en' && lang !== 'fr').map((lang) => [ns, lang])))(
    'namespace %s is translated in %s, not a copy of the English',
    (ns, lang) => {
      const files = namespaceTrees.get(ns) ?? new Map<string, Tree>();
      const en = files.get('en') ?? {};
      const file = files.get(lang) ?? {};
      const keys = keysOf(en);
      const sameAsEnglish = keys.filter((key) => valueAt(file, key) === valueAt(en, key));
      expect(sameAsEnglish.length, `${ns}/${lang}.json repeats the English of: ${sameAsEnglish.join(', ')}`).toBeLessThan(keys.length / 2);
    },
  );

  it('falls back to French for a key a language lacks', async () => {
    const spanish = structuredClone(locales.es) as unknown as Tree;
    delete (spanish.promisingIdeas as Tree).menu;
    const instance = i18next.createInstance();
    await instance.init(i18nOptions({ fr: locales.fr, en: locales.en, es: spanish }, 'es'));
    expect(instance.t('promisingIdeas.menu')).toBe('Idées prometteuses');
    expect(instance.t('promisingIdeas.title')).toBe('Ideas prometedoras');
  });

  it.each(languages.map((lang) => [lang]))('%s says every counted text for 0, 1, 2, 5, 21 and exact millions', async (lang) => {
    // French, Spanish, Italian and Portuguese pick a `many` form for 1 000 000, which no file writes.
    const instance = i18next.createInstance();
    await instance.init(i18nOptions(locales, lang));
    const counted = keysOf(locales[lang])
      .filter((key) => key.endsWith('_one'))
      .map((key) => key.slice(0, -'_one'.length));
    expect(counted.length).toBeGreaterThanOrEqual(10);
    const say = (key: string, count: number): unknown => instance.t(key, { count } as never);
    for (const key of counted) {
      for (const count of [0, 1, 2, 5, 21, 1_000_000, 3_000_000]) {
        const text = say(key, count);
        expect(text, `${lang} ${key} count=${count}`).not.toBe(key);
        expect(text).not.toBe(key.split('.').at(-1));
      }
    }
  });

  it('writes cn (Traditional Chinese) in traditional characters only', () => {
    // Characters that exist only in simplified writing; each has a traditional form (個 們 這 動 …).
    const simplifiedOnly = /[个们这动键贡献选择线务数据请设说为发时会没对开关画边图笔记读写删从该经员区无页显]/u;
    const leaks = keysOf(locales.cn)
      .map((key) => [key, String(valueAt(locales.cn, key))] as const)
      .filter(([, text]) => simplifiedOnly.test(text));
    expect(leaks.map(([key, text]) => `${key}: ${text}`)).toEqual([]);
    // The same check finds them in zh_CN, which is written in simplified characters.
    expect(keysOf(locales.zh_CN).filter((key) => simplifiedOnly.test(String(valueAt(locales.zh_CN, key)))).length).toBeGreaterThan(100);
  });

  it('detects a missing key', () => {
    const broken = structuredClone(locales.en) as unknown as Tree;
    delete (broken.nav as Tree).settings;
    expect(reference.filter((key) => !keysOf(broken).includes(key))).toEqual(['nav.settings']);
  });
});
