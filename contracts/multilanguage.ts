import type { NoteTranslations } from './events/contribution.ts';

/**
 * Multilanguage notes (plugin `multilanguage` of the root context), shared by
 * the server and the web client. A note keeps, as in Knowledge Forum 6, each
 * language's body in `data[lang]`, its title in `data[lang + '_title']` and the
 * list of its languages in `langInNote`; `title` and `data.body` are the
 * default language's version (or the first one written).
 */

/** A language code: `fr`, `en`, `zh-TW`, `pt-BR` (never a key a note already uses, such as `body`). */
export const languageCodePattern = '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$';
const languageCode = new RegExp(languageCodePattern);
export const isLanguageCode = (value: unknown): value is string => typeof value === 'string' && languageCode.test(value);
/** The same check for a string already known to be one (no narrowing). */
export const isValidLanguageCode = (value: string): boolean => languageCode.test(value);

/** The parts of a context's data these rules read. */
export type LanguageSettings = {
  plugins?: { multilanguage?: boolean } | Record<string, unknown>;
  defaultLang?: unknown;
  languages?: unknown;
};

/** The languages a note may be written in: the default first, then the offered ones; none when the plugin is off. */
export const noteLanguagesOf = (context: LanguageSettings | null | undefined): string[] => {
  if (!context || (context.plugins as { multilanguage?: unknown } | undefined)?.multilanguage !== true) return [];
  const offered: unknown[] = Array.isArray(context.languages) ? (context.languages as unknown[]) : [];
  const list = [context.defaultLang, ...offered].filter(isLanguageCode);
  return [...new Set(list)];
};

/** The default language of a context ('' when the plugin is off or none is chosen). */
export const defaultLanguageOf = (context: LanguageSettings | null | undefined): string =>
  noteLanguagesOf(context).length > 0 && isLanguageCode(context?.defaultLang) ? context.defaultLang : '';

export const titleKey = (lang: string): string => `${lang}_title`;

/** The languages a stored note has, in order (`langInNote`). */
export const langInNoteOf = (note: { langInNote?: unknown; data?: Record<string, unknown> }): string[] => {
  const raw = Array.isArray(note.langInNote) ? note.langInNote : Array.isArray(note.data?.langInNote) ? note.data.langInNote : [];
  return (raw as unknown[]).filter(isLanguageCode);
};

/** Each language's title of a stored note. */
export const titlesOf = (note: { langInNote?: unknown; data: Record<string, unknown> }): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const lang of langInNoteOf(note)) {
    const title = note.data[titleKey(lang)];
    if (typeof title === 'string') out[lang] = title;
  }
  return out;
};

/** The translations of a stored note, as a save sends them. */
export const translationsOf = (note: { langInNote?: unknown; data: Record<string, unknown> }): NoteTranslations => {
  const out: NoteTranslations = {};
  for (const lang of langInNoteOf(note)) {
    const body = note.data[lang];
    const title = note.data[titleKey(lang)];
    out[lang] = {
      title: typeof title === 'string' ? title : '',
      body: body && typeof body === 'object' ? (body as Record<string, unknown>) : { type: 'doc', content: [{ type: 'paragraph' }] },
    };
  }
  return out;
};

/**
 * The note's `data` after a save with `translations`: the languages of the
 * previous save that are gone are removed, each written one is set.
 */
export const withTranslations = (
  data: Record<string, unknown>,
  previous: readonly string[],
  translations: NoteTranslations,
): Record<string, unknown> => {
  const next: Record<string, unknown> = { ...data };
  for (const lang of previous) {
    delete next[lang];
    delete next[titleKey(lang)];
  }
  for (const [lang, { title, body }] of Object.entries(translations)) {
    next[lang] = body;
    next[titleKey(lang)] = title;
  }
  return next;
};

/**
 * Which language of a note a reader sees: the chosen one when the note has
 * it, else the default language, else the note's main version (`null`).
 */
export const languageShown = (
  langInNote: readonly string[],
  chosen: string | null | undefined,
  defaultLang: string | null | undefined,
): string | null => {
  if (chosen && langInNote.includes(chosen)) return chosen;
  if (defaultLang && langInNote.includes(defaultLang)) return defaultLang;
  return null;
};

/** The title a reader sees on a canvas or in a window header. */
export const titleIn = (
  note: { title: string; titles?: Record<string, string> | undefined; langInNote: readonly string[] },
  chosen: string | null | undefined,
  defaultLang: string | null | undefined,
): string => {
  const lang = languageShown(note.langInNote, chosen, defaultLang);
  const title = lang ? note.titles?.[lang] : undefined;
  return title && title.trim() ? title : note.title;
};
