import type { LexicalAnalysisQuery, LexicalAnalysisReply } from '../../../contracts/api/lexicalAnalysis.ts';
import { lexiconTermsOf, maxLexiconTerms } from '../../../contracts/lexicon.ts';
import { msg } from '../../../contracts/messageCodes.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import { NotFoundError, ValidationError } from '../../core/errors.ts';
import { isValidDate } from '../../domain/analytics/dates.ts';
import { countableOf, countTarget, termTarget } from '../../domain/text/index.ts';
import { audienceOf, readableDocs, type Audience } from '../analytics/audience.ts';
import { lexicalRows, servedLexical } from '../analytics/lexicalStore.ts';
import type { AnalyticsDeps } from '../analytics/statsQuery.ts';

/**
 * GET /api/lexical/{communityId}/analysis (issue 13 §4, fact sheet §7
 * "Lexical analysis"): how often each term of a lexicon occurs in the notes
 * the caller may read that pass the filters, and in which notes. The notes'
 * words come from the lexical job's rows (`atomKeys`, lexicalStore.ts): a
 * request never reads nor segments a note's text. Members only (401 / 403
 * from the audience); a writer sees their own name and letters for
 * classmates, and names authors in the filter by those letters.
 */

/** The ids of the notes the search field's text (words and tokens) finds for this caller: the search page's rule. */
export type NotesFound = (user: UserDocument, communityId: string, text: string) => Promise<ReadonlySet<string>>;

export type LexicalAnalysisDeps = AnalyticsDeps & { notesFound: NotesFound };

const listOf = (value: string | undefined): string[] => (value ? [...new Set(value.split(','))] : []);

/** The lexicon's terms, or a 400 naming `lexicon`. */
export const lexiconOf = (text: string): string[] => {
  const terms = lexiconTermsOf(text);
  if (terms.length === 0) throw ValidationError.field('lexicon', msg('lexical.emptyLexicon'));
  if (terms.length > maxLexiconTerms) throw ValidationError.field('lexicon', msg('lexical.tooManyTerms', { limit: maxLexiconTerms }));
  return terms;
};

/** The author ids of the keys as this caller sees them (ids, or letters for a writer); 400 naming `authors` for an unknown one. */
const authorIdsOf = (audience: Audience, keys: readonly string[]): Set<string> => {
  const byKey = new Map(audience.order.map((authorId) => [audience.label(authorId).key, authorId]));
  const ids = new Set<string>();
  for (const key of keys) {
    const id = byKey.get(key);
    if (!id) throw ValidationError.field('authors', msg('errors.fieldInvalid', { field: 'authors' }));
    ids.add(id);
  }
  return ids;
};

/** The dates of the range, checked (400 naming the field). */
const rangeOf = (query: LexicalAnalysisQuery): { from?: string; to?: string } => {
  for (const field of ['from', 'to'] as const) {
    const value = query[field];
    if (value !== undefined && !isValidDate(value)) throw ValidationError.field(field, msg('errors.fieldInvalid', { field }));
  }
  if (query.from && query.to && query.from > query.to) throw ValidationError.field('to', msg('errors.fieldInvalid', { field: 'to' }));
  return { ...(query.from ? { from: query.from } : {}), ...(query.to ? { to: query.to } : {}) };
};

export const lexicalAnalysisQuery = async (
  deps: LexicalAnalysisDeps,
  user: UserDocument,
  communityId: string,
  query: LexicalAnalysisQuery,
): Promise<LexicalAnalysisReply> => {
  const audience = await audienceOf(deps, user, communityId);
  const lexicon = lexiconOf(query.lexicon);
  const range = rangeOf(query);
  const authors = authorIdsOf(audience, listOf(query.authors));
  const views = listOf(query.views);
  if (views.length > 0) {
    // A view the caller may not read is not found (its existence is not theirs to learn), as on the dashboard.
    const readable = (await readableDocs(deps.readStore, audience, views)).filter((doc) => doc.type === 'View' && doc.status === 'active');
    if (readable.length !== views.length) throw new NotFoundError();
  }
  const text = query.query?.trim() ?? '';
  const found = text ? await deps.notesFound(user, communityId, text) : null;

  const wantedViews = new Set(views);
  const candidates = audience.items.filter((item) => {
    if (item.type !== 'Note') return false;
    const day = item.created.slice(0, 10);
    if (range.from && day < range.from) return false;
    if (range.to && day > range.to) return false;
    if (wantedViews.size > 0 && !item.views.some((view) => wantedViews.has(view))) return false;
    if (authors.size > 0 && !item.authors.some((author) => authors.has(author))) return false;
    return found === null || found.has(item._id);
  });

  const served = await servedLexical(deps.readStore, deps.clock, communityId);
  const rows = await lexicalRows(deps.readStore, communityId, { noteIds: candidates.map((item) => item._id) });
  rows.sort((a, b) => a.created.localeCompare(b.created) || a._id.localeCompare(b._id));

  const lang = audience.grant.community.lang || undefined;
  // Terms that spell the same letters count alike: the first one typed stands for them.
  const targets = lexicon.map((term) => termTarget(term, lang));
  const totals = lexicon.map(() => ({ frequency: 0, notes: 0 }));
  const notes: LexicalAnalysisReply['notes'] = [];
  for (const row of rows) {
    const countable = countableOf(typeof row.atomKeys === 'string' ? row.atomKeys : '');
    const counts: { term: string; count: number }[] = [];
    lexicon.forEach((term, index) => {
      const count = countTarget(countable, targets[index] ?? '');
      const total = totals[index];
      if (count === 0 || !total) return;
      total.frequency += count;
      total.notes += 1;
      counts.push({ term, count });
    });
    if (counts.length > 0) {
      notes.push({ id: row._id, title: row.title, author: audience.label(row.authors[0] ?? ''), created: row.created, counts });
    }
  }
  const terms = lexicon
    .map((term, index) => ({ term, frequency: totals[index]?.frequency ?? 0, notes: totals[index]?.notes ?? 0, index }))
    .sort((a, b) => b.frequency - a.frequency || a.index - b.index)
    .map(({ term, frequency, notes: inNotes }) => ({ term, frequency, notes: inNotes }));
  return {
    communityId,
    asOf: served.stamp.asOf,
    stale: served.stale,
    seesNames: audience.viewer.seesNames,
    lexicon,
    searched: candidates.length,
    terms,
    notes,
  };
};
