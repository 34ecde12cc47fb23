/**
 * Accent-aware normalisation (issue 13 §1). Two forms of a text:
 *
 * - `normalise`: what a reader would call the same text — Unicode NFC, every
 *   kind of space (NBSP, narrow NBSP, ideographic space…) a plain space,
 *   typographic apostrophes the ASCII one, hyphen variants '-', soft hyphens
 *   and zero-width characters dropped. Token offsets are into this form
 *   (sentences are shown as written: NFC only).
 * - `matchKey`: what a search compares — lower case, the accents (combining
 *   marks) of Latin, Greek and Cyrillic letters removed (NFKD, so
 *   ligatures such as 'ﬁ' open up too; 'œ', 'æ' and 'ß' are spelt out; the
 *   marks of other scripts, such as Japanese voicing marks, change the word
 *   and stay), and everything that is not a letter or a digit
 *   removed (spaces, hyphens, apostrophes, punctuation). So 'Émergence' and
 *   'emergence' share a key, as do 'Auto-organisation', 'auto organisation'
 *   and 'autoorganisation' (Knowledge Forum 6's patterns lost the accented
 *   letters and never matched them: fact sheet §7).
 */

/** The languages Buildon's interface speaks use these codes; the JavaScript locale of each ('cn' and 'zh_CN' are Chinese). */
const localeAliases: Readonly<Record<string, string>> = { cn: 'zh', zh_cn: 'zh-CN', zh_tw: 'zh-TW' };

const canonical = (lang: string): string | undefined => {
  const code = localeAliases[lang.toLowerCase()] ?? lang.replace(/_/g, '-');
  try {
    return Intl.getCanonicalLocales(code)[0];
  } catch {
    return undefined;
  }
};
const locales = new Map<string, string | undefined>();

/** A valid BCP 47 locale for a language code of the app ('fr', 'zh_CN', 'pt-BR'…), or undefined (the root locale). */
export const localeOf = (lang: string | undefined): string | undefined => {
  if (!lang) return undefined;
  if (locales.has(lang)) return locales.get(lang);
  const locale = canonical(lang);
  if (locales.size < 1_000) locales.set(lang, locale);
  return locale;
};

/** The base language of a code ('pt-BR' → 'pt', 'zh_CN' and 'cn' → 'zh'), lower case; '' when none. */
export const baseLanguage = (lang: string | undefined): string => (localeOf(lang) ?? '').split('-')[0]?.toLowerCase() ?? '';

// Every space separator (NBSP U+00A0, narrow NBSP U+202F, U+3000…), tabs and form feeds; not line breaks.
const spaces = /[\p{Zs}\t\v\f]/gu;
// Right and left single quotes, modifier letter apostrophe, prime and acute accent typed as apostrophes.
const apostrophes = /[\u2019\u2018\u02BC\u2032\u00B4]/g;
// Hyphen (U+2010) and non-breaking hyphen (U+2011): the hyphen-minus a keyboard types.
const hyphens = /[\u2010\u2011]/g;
// Soft hyphen, zero-width space/joiners, word joiner, byte-order mark: invisible, never part of a word's spelling.
const invisibles = /[\u00AD\u200B-\u200D\u2060\uFEFF]/g;

/** A text as a reader sees it (see above); line breaks are kept. */
export const normalise = (text: string): string =>
  text.normalize('NFC').replace(invisibles, '').replace(spaces, ' ').replace(apostrophes, "'").replace(hyphens, '-');

// The only languages whose lower case differs from Unicode's default (SpecialCasing.txt): Lithuanian, Turkish, Azeri.
const ownCasing: ReadonlySet<string> = new Set(['lt', 'tr', 'az']);

const lowerCase = (text: string): string => text.toLowerCase();

/** A language's lower-casing function, resolved once (for a loop over words). */
export const lowerCaseFor = (lang?: string): ((text: string) => string) => {
  if (!ownCasing.has(baseLanguage(lang))) return lowerCase;
  const locale = localeOf(lang);
  return (text) => text.toLocaleLowerCase(locale);
};

/** Lower case in a language's own rules (Turkish dotted I…); Unicode's default otherwise. */
export const foldCase = (text: string, lang?: string): string => lowerCaseFor(lang)(text);

const spelledOut: Readonly<Record<string, string>> = { œ: 'oe', æ: 'ae', ß: 'ss', ø: 'o', đ: 'd', ł: 'l', ı: 'i' };
const notLetterOrDigit = /[^\p{L}\p{M}\p{N}]+/gu;
const accents = /([\p{sc=Latin}\p{sc=Greek}\p{sc=Cyrillic}])\p{M}+/gu;

/** `matchKey` of a long text (a note's), not cached. */
export const textKey = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(accents, '$1')
    .toLowerCase()
    .replace(/[œæßøđłı]/g, (letter) => spelledOut[letter] ?? letter)
    .replace(notLetterOrDigit, '')
    .normalize('NFC');

// A class's vocabulary is small: each word's key is computed once (the cache is emptied when it grows past a bound).
const plainKey = /^[a-z0-9]*$/;
const keys = new Map<string, string>();
const maxKeys = 50_000;

/** The comparison key of a word or a phrase: no case, no accents, letters and digits only (see above). */
export const matchKey = (text: string): string => {
  if (plainKey.test(text)) return text;
  let key = keys.get(text);
  if (key === undefined) {
    key = textKey(text);
    if (keys.size >= maxKeys) keys.clear();
    keys.set(text, key);
  }
  return key;
};

/** Whether two words or phrases are the same once case, accents, hyphens, spaces and punctuation are ignored. */
export const sameKey = (a: string, b: string): boolean => matchKey(a) === matchKey(b);
