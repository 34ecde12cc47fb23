import { eachDocNode } from '../../../../../contracts/deepJson.ts';
import { languageShown, translationsOf } from '../../../../../contracts/multilanguage.ts';
import type { ObjectReply } from '../../../../../contracts/api/objects.ts';
import { dataOf, isNoteBody, type OfType } from '../../../../../contracts/contributionData.ts';

/**
 * Multilanguage notes in the editor: every language's title and body, the
 * one being edited living in the editor itself until it is switched or saved.
 */
export type LangEntry = { title: string; content: unknown };
export type LangMap = Record<string, LangEntry>;

/** The editor's settings for a multilanguage note: the context's languages and the reader's choice. */
export type MultilangConfig = { offered: string[]; defaultLang: string; preferred: string | null };

/** A document with no text and nothing inline (an empty paragraph). */
export const isEmptyDoc = (content: unknown): boolean => {
  let empty = true;
  // Iterative (issue 20 §0): no recursion on the document's depth.
  eachDocNode(content, (n) => {
    if (!empty) return false;
    if (typeof n.text === 'string' && n.text.trim()) empty = false;
    else if (n.type !== undefined && n.type !== 'doc' && n.type !== 'paragraph' && n.type !== 'text' && n.type !== 'hard_break') {
      empty = false;
    }
    return empty;
  });
  return empty;
};

/** Languages with a title or some content, in the context's order (then any other). */
export const writtenLanguages = (map: LangMap, offered: readonly string[]): string[] => {
  const written = Object.keys(map).filter((lang) => {
    const entry = map[lang];
    return entry !== undefined && (entry.title.trim() !== '' || !isEmptyDoc(entry.content));
  });
  return [...offered.filter((lang) => written.includes(lang)), ...written.filter((lang) => !offered.includes(lang))];
};

/** Only the written languages, in order (what a save sends and what dirty tracking compares). */
export const canonicalMap = (map: LangMap, offered: readonly string[]): LangMap =>
  Object.fromEntries(writtenLanguages(map, offered).map((lang) => [lang, map[lang] as LangEntry]));

/**
 * The languages of a stored note as the editor holds them. A note written
 * before the plugin was on (or a new note from a template) counts as written
 * in the default language.
 */
export const initialLangMap = (
  object: ObjectReply,
  normal: (body: unknown) => unknown,
  defaultLang: string,
  editLang = defaultLang,
): LangMap => {
  const note = dataOf(object, 'Note') ?? {};
  const stored = translationsOf({ langInNote: object.langInNote ?? note.langInNote, data: note });
  const langs = Object.keys(stored);
  if (langs.length > 0) {
    return Object.fromEntries(langs.map((lang) => [lang, { title: stored[lang]?.title ?? '', content: normal(stored[lang]?.body) }]));
  }
  // A note written without languages counts as the default language's version; a new note
  // started from a template (a body, no title yet) as the version of the language it opens in.
  if (defaultLang && object.title.trim()) return { [defaultLang]: { title: object.title, content: normal(note.body) } };
  if (editLang && !isEmptyDoc(note.body ?? null)) return { [editLang]: { title: '', content: normal(note.body) } };
  return {};
};

/** The language the editor opens in: the reader's choice when offered, else the default. */
export const initialEditLanguage = (config: MultilangConfig): string =>
  config.preferred && config.offered.includes(config.preferred) ? config.preferred : config.defaultLang || (config.offered[0] ?? '');

/** The version a save stores as the note's own title and body: the default language's, else the first written. */
export const mainEntry = (map: LangMap, defaultLang: string): LangEntry | null => map[defaultLang] ?? Object.values(map)[0] ?? null;

/** The languages a note is written in (`langInNote`, at the top of the reply or in its data). */
const languagesOf = (note: OfType<ObjectReply, 'Note'>): string[] => {
  const stored = note.langInNote ?? note.data.langInNote;
  return Array.isArray(stored) ? stored.filter((l) => typeof l === 'string') : [];
};

/** The object as a reader of `language` sees it (title and body of that language, else the default, else its own). */
export const localisedObject = (
  object: ObjectReply,
  language: string | null,
  defaultLang: string,
): ObjectReply & { shownLanguage: string | null } => {
  if (object.type !== 'Note') return { ...object, shownLanguage: null };
  const shown = languageShown(languagesOf(object), language, defaultLang);
  if (!shown) return { ...object, shownLanguage: null };
  const title = object.data[`${shown}_title`];
  const body = object.data[shown];
  return {
    ...object,
    title: typeof title === 'string' && title.trim() ? title : object.title,
    data: { ...object.data, body: isNoteBody(body) ? body : object.data.body },
    shownLanguage: shown,
  };
};

/**
 * With `sideToSideNotePosition`, the version shown beside the reader's: the
 * default language's when the reader sees another, else the first other
 * language the note is written in; null when the note has one language only.
 */
export const companionLanguage = (object: ObjectReply, shown: string | null, defaultLang: string): string | null => {
  if (!shown || object.type !== 'Note') return null;
  const langs = languagesOf(object);
  if (shown !== defaultLang && langs.includes(defaultLang)) return defaultLang;
  return langs.find((lang) => lang !== shown) ?? null;
};
