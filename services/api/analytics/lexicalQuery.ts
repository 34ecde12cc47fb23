import type { AnalyticsAuthor } from '../../../contracts/api/analytics.ts';
import { maxDictionaryAuthors, type DictionaryQuery, type DictionaryReply, type WordCloudReply } from '../../../contracts/api/lexical.ts';
import { msg } from '../../../contracts/messageCodes.ts';
import { authorsCollectionName, type AuthorDocument } from '../../../projections/authors/index.ts';
import { contributionsCollectionName, type ContributionDocument } from '../../../projections/contributions/index.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import { NotFoundError, ValidationError } from '../../core/errors.ts';
import { cloudWords, sumLexical } from '../../domain/analytics/lexical.ts';
import { topTerms } from '../../domain/text/index.ts';
import { supportsUsed } from '../lexical/supportsUsed.ts';
import { audienceOf, readableDocs, type Audience } from './audience.ts';
import { lexicalRows, servedLexical, type LexicalNoteDocument } from './lexicalStore.ts';
import type { AnalyticsDeps } from './statsQuery.ts';

/**
 * The lexical pages (issue 13 §2–§3): the student dictionary of one author and
 * the word cloud of one view, sums of the lexical job's per-note rows
 * (lexicalStore.ts) over the notes the viewer may read. Members only; a writer
 * sees their own name and letters for everybody else (the analytics rule,
 * audience.ts), and picks an author by that letter.
 */

/** The dictionary's words: 3 to 20 letters, as the original kept them (fact sheet §7). */
const dictionaryWordLength = { minLength: 3, maxLength: 20 };

/** The lexical rows of the notes `audience` may read (of one author, or among some ids), stamped. */
const readableRows = async (
  deps: AnalyticsDeps,
  audience: Audience,
  communityId: string,
  which: { authorId: string } | { noteIds: readonly string[] },
) => {
  const served = await servedLexical(deps.readStore, deps.clock, communityId);
  const readable = new Set(audience.items.filter((item) => item.type === 'Note').map((item) => item._id));
  const rows = (await lexicalRows(deps.readStore, communityId, which)).filter((row) => readable.has(row._id));
  rows.sort((a, b) => a.created.localeCompare(b.created) || a._id.localeCompare(b._id));
  return { served, rows };
};

const toNoteRow = (row: LexicalNoteDocument) => ({ ...row, id: row._id });

/** GET /api/lexical/{communityId}/dictionary: the student dictionary (spec part 2 §2). */
export const dictionaryQuery = async (
  deps: AnalyticsDeps,
  user: UserDocument,
  communityId: string,
  query: DictionaryQuery,
): Promise<DictionaryReply> => {
  const audience = await audienceOf(deps, user, communityId);
  // Active authors: the members (researchers are none) and the authors of what the viewer may read, with or without notes.
  const active = audience.order;
  const userNames = new Map(
    (await deps.readStore.collection<AuthorDocument>(authorsCollectionName).find({ _id: { $in: active } })).map((a) => [a._id, a.userName]),
  );
  const entries = active.map((authorId) => ({ authorId, label: audience.label(authorId) }));
  // Managers: by userName, as the original's selector. Writers: by the label they see (a name order would tell who a letter is).
  const sortKey = (entry: { authorId: string; label: AnalyticsAuthor }) =>
    audience.viewer.seesNames ? (userNames.get(entry.authorId) ?? '') : entry.label.label;
  entries.sort((a, b) => sortKey(a).localeCompare(sortKey(b), 'fr') || a.label.key.localeCompare(b.label.key));
  const offered = entries.slice(0, maxDictionaryAuthors);

  let chosen: (typeof entries)[number] | undefined;
  if (query.author !== undefined) {
    chosen = entries.find((entry) => entry.label.key === query.author);
    if (!chosen) throw ValidationError.field('author', msg('errors.fieldInvalid', { field: 'author' }));
  } else chosen = entries.find((entry) => entry.label.me);

  const { served, rows } = await readableRows(deps, audience, communityId, { authorId: chosen?.authorId ?? '' });
  const sum = sumLexical(rows.map(toNoteRow));
  return {
    communityId,
    asOf: served.stamp.asOf,
    stale: served.stale,
    seesNames: audience.viewer.seesNames,
    authors: offered.map((entry) => entry.label),
    author: chosen?.label ?? null,
    notes: sum.notes,
    words: sum.words,
    terms: topTerms(sum.terms)
      .filter(({ term }) => [...term].length >= dictionaryWordLength.minLength && [...term].length <= dictionaryWordLength.maxLength)
      .map(({ term, count }) => ({ text: term, count })),
    concepts: sum.concepts,
    classified: sum.classified,
    cloud: cloudWords(sum.terms, { limit: 100, ...dictionaryWordLength, maxPx: 50 }),
    supports: await supportsUsed(
      deps.readStore,
      audience,
      rows.map((row) => row._id),
    ),
  };
};

/** GET /api/lexical/views/{viewId}/wordcloud: the words of the notes a view holds (fact sheet §7 "View word cloud"). */
export const wordCloudQuery = async (deps: AnalyticsDeps, user: UserDocument, viewId: string): Promise<WordCloudReply> => {
  const view = await deps.readStore.collection<ContributionDocument>(contributionsCollectionName).get(viewId);
  if (!view || view.type !== 'View' || view.status !== 'active') throw new NotFoundError();
  const audience = await audienceOf(deps, user, view.communityId);
  if ((await readableDocs(deps.readStore, audience, [viewId])).length === 0) throw new NotFoundError();
  const inView = audience.items.filter((item) => item.type === 'Note' && item.views.includes(viewId)).map((item) => item._id);
  const { served, rows } = await readableRows(deps, audience, view.communityId, { noteIds: inView });
  const sum = sumLexical(rows.map(toNoteRow));
  return {
    communityId: view.communityId,
    asOf: served.stamp.asOf,
    stale: served.stale,
    viewId,
    viewTitle: view.title,
    notes: sum.notes,
    words: cloudWords(sum.terms, { limit: 100 }),
  };
};
