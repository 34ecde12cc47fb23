import type { ContributionStatus } from '../../../contracts/events/contribution.ts';
import { countWords, noteSearchText, splitKeywords } from '../../../contracts/noteSchema.ts';

/**
 * The rules of a save from the contribution editor (PUT /api/objects/{communityId}/{id}):
 * what conflicts with it, what it may change, and how a note is indexed.
 */

/** Events that change what an editor shows: a save based on an older revision conflicts with them. */
export const contentEventTypes: ReadonlySet<string> = new Set([
  'NoteContributed',
  'NoteSaved',
  'DrawingSaved',
  'ContributionRetitled',
  'AttachmentUploaded',
  'ContributionDescribed',
]);

/**
 * Whether a save based on `loadedRevision` may go ahead over a stream whose
 * last revision is `head` (-1 for an empty stream): `ahead` when the editor
 * claims a revision the stream does not have, `conflict` when the content
 * changed since (a favourite, a permission change or a link does not
 * conflict), `ok` otherwise.
 */
export const saveRevisionCheck = (
  events: readonly { type: string; streamRevision: number }[],
  loadedRevision: number,
  head: number,
): 'ok' | 'ahead' | 'conflict' => {
  if (loadedRevision > head) return 'ahead';
  if (events.some((event) => event.streamRevision > loadedRevision && contentEventTypes.has(event.type))) return 'conflict';
  return 'ok';
};

/** The last event that changed the content (whose author the conflict dialog names), if any. */
export const lastContentEvent = <E extends { type: string }>(events: readonly E[]): E | undefined =>
  [...events].reverse().find((event) => contentEventTypes.has(event.type));

/** Titles are plain text: runs of spaces and control characters become one space, trimmed. */
// eslint-disable-next-line no-control-regex -- control characters are what is being replaced
export const plainTitle = (title: string): string => title.replace(/[\s\u0000-\u001f\u007f]+/g, ' ').trim();

/**
 * The status a save sets, or null when it leaves it alone: a save may always
 * deactivate; it activates only what is not a note or a drawing (these become
 * active by being contributed, with their content).
 */
export const statusSetBySave = (type: string, status: ContributionStatus | undefined): ContributionStatus | null =>
  status === 'inactive' || (status === 'active' && type !== 'Note' && type !== 'Drawing') ? status : null;

/** The keywords a note save keeps: the given text split (`splitKeywords`), or the current ones when none is given. */
export const keywordsOnSave = (given: string | undefined, current: readonly string[] | undefined): string[] =>
  given === undefined ? [...(current ?? [])] : splitKeywords(given);

/** The languages written in a multilanguage note, in the context's order, with their titles and plain texts. */
export type WrittenLanguages = {
  langs: readonly string[];
  titles: Readonly<Record<string, string>>;
  texts: Readonly<Record<string, string>>;
};

/**
 * How a saved note is counted and found: its word count and `text4search`.
 * A multilanguage note is counted and searchable across every language
 * written; any other note by its title, text and keywords.
 */
export const noteIndex = (
  input: { title: string; text: string; keywords: readonly string[] },
  written: WrittenLanguages | null,
): { wordCount: number; text4search: string } => {
  if (!written || written.langs.length === 0) {
    return { wordCount: countWords(input.text), text4search: noteSearchText(input.title, input.text, [...input.keywords]) };
  }
  return {
    wordCount: written.langs.reduce((sum, lang) => sum + countWords(written.texts[lang] ?? ''), 0),
    text4search: `${written.langs.map((lang) => `( ${written.titles[lang] ?? ''} ) ${written.texts[lang] ?? ''}`).join(' ')} ( ${input.keywords.join('; ')} )`,
  };
};

/**
 * The languages a note's translations are kept in: those of the context's
 * `offered` languages that were written, in the context's order (so every
 * reader sees them listed alike), and the main one — the context's default
 * when written, else the first written ('' when none).
 */
export const orderedNoteLanguages = (
  offered: readonly string[],
  written: ReadonlySet<string>,
  preferred: string,
): { langs: string[]; mainLang: string } => {
  const langs = offered.filter((lang) => written.has(lang));
  return { langs, mainLang: langs.includes(preferred) ? preferred : (langs[0] ?? '') };
};
