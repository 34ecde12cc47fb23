import type { Page } from 'playwright-core';
import type { MessageCode } from '../../contracts/messageCodes.ts';
import { locales } from '../../web/src/i18n/resources.ts';

/**
 * Finds English on a page of the French interface (issue 21 §6). Two nets:
 * the English texts of the locale files that French says differently
 * (nothing from the translation files may show in English), and a list of
 * English words and phrases that never belong to French, which also catches
 * text that never went through the translation files. Strings the test
 * created itself and proper nouns are allowed.
 */

type Tree = { [key: string]: string | Tree };

const leaves = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `word` not inside a longer word (Unicode letters and digits), so "Group" does not match "Groupe". */
const bounded = (pattern: string) => `(?<![\\p{L}\\p{N}])${pattern}(?![\\p{L}\\p{N}])`;
/** Words as a reader counts them: "E-mail" is one. */
const wordCount = (text: string) => text.split(/\s+/).filter((word) => /\p{L}/u.test(word)).length;

/** An English text of the locale files as a matcher: `{{name}}` stands for any value. */
type EnglishText = { key: string; text: string; whole: RegExp; inside: RegExp | null };

const wordsOf = (text: string) => text.toLowerCase().match(/\p{L}+/gu) ?? [];

const englishTexts = (): EnglishText[] => {
  const french = new Map(leaves(locales.fr));
  const frenchValues = new Set(french.values());
  const frenchWords = new Set([...frenchValues].flatMap(wordsOf));
  return leaves(locales.en as unknown as Tree)
    .filter(([key, text]) => text !== french.get(key) && !frenchValues.has(text))
    .flatMap(([key, text]) => {
      const parts = text.split(/\{\{\w+\}\}/);
      const literal = parts.join(' ');
      // A text that is mostly placeholders ("{{name}}", "{{count}} ×") says nothing of a language.
      if ((literal.match(/\p{L}/gu) ?? []).length < 4) return [];
      const body = parts.map(escape).join('.+?');
      const whole = new RegExp(`^${body}$`, 'u');
      // Words French uses too ("{{language}} version") could be French around the placeholders
      // or inside a longer line: such a text is only English when it is the whole line, as written.
      const distinct = wordsOf(literal).some((word) => !frenchWords.has(word));
      if (!distinct) return parts.length > 1 ? [] : [{ key, text, whole, inside: null }];
      return [{ key, text, whole, inside: wordCount(literal) >= 2 ? new RegExp(bounded(body), 'u') : null }];
    });
};

/**
 * English that must never show in the French interface, matched as whole
 * words and case-sensitively (so "Group" is not "Groupe", "Note" is French
 * too and is not listed).
 */
export const englishWords = [
  'Layer',
  'Attachment',
  'Attachments',
  'an Attachment',
  'Loading',
  'Save',
  'Saved',
  'Saving',
  'Cancel',
  'Error',
  'Password',
  'password',
  'Delete',
  'Close',
  'Search',
  'Settings',
  'Submit',
  'Untitled',
  'Upload',
  'Drawing',
  'Title',
  'Author',
  'Authors',
  'Group',
  'Groups',
  'View',
  'Views',
  'Community',
  'Communities',
  'Scaffold',
  'Scaffolds',
  'Keywords',
  'History',
  'Properties',
  'Connections',
  'Created',
  'Modified',
  'Deleted',
  'created',
  'modified',
  'deleted',
  'Reply',
  'Back',
  'Next',
  'Previous',
  'Play',
  'Undo',
  'Redo',
  'Bold',
  'Italic',
  'Link',
  'Edit',
  'Open',
  'Read',
  'Write',
  'Send',
  'Clear',
  'Remove',
  'Select',
  'Show',
  'Hide',
  'Help',
  'Home',
  'Logout',
  'Log in',
  'Login',
  'Sign up',
  'Username',
  'userName',
  'First name',
  'Last name',
  'Manager',
  'Writer',
  'Unknown',
  'Forbidden',
  'Unauthorized',
  'Not found',
  'not found',
  'is required',
  'required',
  'Required',
  'Invalid',
  'invalid',
  'must be',
  'Please',
  'failed',
  'Failed',
  'succeeded',
  'successed',
  'Build on',
  'Rise above',
  'riseabove',
  'buildson',
  // Words of English sentences that no French sentence uses.
  'the',
  'The',
  'and',
  'with',
  'your',
  'Your',
  'you',
  'You',
  'is',
  'are',
  'this',
  'This',
  'for',
  'from',
  'of',
] as const;

const wordMatchers = englishWords.map((word) => ({ word, pattern: new RegExp(bounded(escape(word)), 'u') }));

/** One English string found on a page. */
export type Leak = { where: string; text: string; why: string };

/**
 * What a user sees: the body's rendered text line by line, option labels,
 * and the aria-label, title, placeholder and alt attributes of every element.
 */
export const visibleStrings = async (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const strings = [document.title, ...document.body.innerText.split('\n')];
    for (const option of document.querySelectorAll('option')) strings.push(option.textContent ?? '');
    for (const element of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(name);
        if (value) strings.push(value);
      }
    }
    return strings.map((text) => text.replace(/\s+/g, ' ').trim()).filter(Boolean);
  });

/**
 * The English among `strings`. `allowed` are texts that are fine as they
 * are (what the test wrote, names, brands): they are cut out before matching.
 */
export const findEnglish = (strings: readonly string[], where: string, allowed: readonly string[]): Leak[] => {
  const texts = englishTextsOnce();
  // Longest first, so an allowed phrase is removed before an allowed word inside it.
  const cuts = [...allowed].sort((a, b) => b.length - a.length);
  const leaks: Leak[] = [];
  for (const original of new Set(strings)) {
    let text = original;
    for (const cut of cuts) text = text.split(cut).join(' ');
    text = text.replace(/\s+/g, ' ').trim();
    if (!text) continue;
    const fromLocale = texts.find((english) => english.whole.test(text) || english.inside?.test(text));
    if (fromLocale) {
      leaks.push({ where, text: original, why: `English of ${fromLocale.key}: "${fromLocale.text}"` });
      continue;
    }
    const word = wordMatchers.find((matcher) => matcher.pattern.test(text));
    if (word) leaks.push({ where, text: original, why: `English word "${word.word}"` });
  }
  return leaks;
};

let cached: EnglishText[] | null = null;
const englishTextsOnce = (): EnglishText[] => (cached ??= englishTexts());

/** What the French interface shows for a server message code (locales/server/fr.json), `{{name}}` filled from `params`. */
export const inFrench = (code: MessageCode, params: Record<string, string | number> = {}): string => {
  const template = `server.${code}`.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], locales.fr);
  if (typeof template !== 'string') throw new Error(`no French text for ${code}`);
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
};
