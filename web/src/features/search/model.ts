import Papa from 'papaparse';
import { parseSearchText } from '../../../../contracts/searchQueryText.ts';
import { SearchPaging, type SearchQuery, type SearchResult, type SearchType } from '../../../../contracts/api/search.ts';

/**
 * The search page's rules (spec part 2 §Search and §4; fact sheet §5), kept
 * pure so they are unit-tested: the query tokens, the query sent, the status
 * after an answer, highlighting and the CSV.
 */

/** init → searching → searched | noresult | error (spec part 2 §4). */
export type SearchStatus = 'init' | 'searching' | 'searched' | 'noresult' | 'error';

/** The type select, in the original's order; Notes is the default (fact sheet §5). */
export const searchTypeOptions: readonly SearchType[] = ['main_search', 'notes', 'annotation', 'view'];
export const defaultSearchType: SearchType = 'notes';

/** Selector lists are capped at 80 (spec part 2 §5). */
export const selectorCap = 80;

export const pageSizes = [10, 25, 50, 100, 200] as const;

/** What the advanced panel holds. */
export type Advanced = {
  viewIds: string[];
  privateMode: boolean;
  /** User names. */
  authors: string[];
  /** `yyyy-mm-dd` or ''. */
  from: string;
  to: string;
  pagesize: number;
};

export const emptyAdvanced = (): Advanced => ({
  viewIds: [],
  privateMode: false,
  authors: [],
  from: '',
  to: '',
  pagesize: SearchPaging.defaultPageSize,
});

/**
 * The query field's tokens (fact sheet §5), read as the server reads them
 * (contracts/searchQueryText.ts): `-private`, `-view:<id>`, `-from:<date>`,
 * `-to:<date>`, `-author:<userName>`, `-type:<type>`, `-searchMode:<x>`,
 * `-scaffold:<support>`; the rest are words. A token whose value cannot be
 * used stays among the words: the server answers it with a 400 naming it.
 */
export const parseTokens = (text: string): Omit<SearchQuery, 'page' | 'pagesize'> & { words: string } => {
  const { tokens, words, bad } = parseSearchText(text);
  return { words: [words, ...bad.map((b) => b.token)].filter(Boolean).join(' '), ...tokens };
};

const unique = (list: readonly string[]) => [...new Set(list)];

/** The query sent: the tokens of the field merged with the advanced panel (the panel's dates win). */
export const buildQuery = (text: string, advanced: Advanced, page: number): SearchQuery => {
  const tokens = parseTokens(text);
  const query: SearchQuery = { words: tokens.words, page, pagesize: advanced.pagesize };
  const viewIds = unique([...(tokens.viewIds ?? []), ...advanced.viewIds]);
  const authors = unique([...(tokens.authors ?? []), ...advanced.authors]);
  if (viewIds.length > 0) query.viewIds = viewIds;
  if (authors.length > 0) query.authors = authors;
  if (tokens.privateMode || advanced.privateMode) query.privateMode = true;
  const from = advanced.from || tokens.from;
  const to = advanced.to || tokens.to;
  if (from) query.from = from;
  if (to) query.to = to;
  if (tokens.searchMode) query.searchMode = tokens.searchMode;
  if (tokens.scaffold) query.scaffold = tokens.scaffold;
  if (tokens.type) query.type = tokens.type;
  return query;
};

/** The status after an answer. */
export const statusAfter = (total: number): SearchStatus => (total > 0 ? 'searched' : 'noresult');

export const pageCount = (total: number, pagesize: number): number => Math.max(1, Math.ceil(total / Math.max(1, pagesize)));

/** The words to highlight (tokens left out), lower-cased. */
export const highlightWords = (text: string): string[] =>
  unique(
    parseTokens(text)
      .words.split(/\s+/)
      .map((w) => w.replace(/["*]/g, '').toLocaleLowerCase())
      .filter(Boolean),
  );

/** Each UTF-16 unit lower-cased and without its accent when that keeps it one unit (indexes stay those of `text`). */
const foldUnits = (text: string): string =>
  text
    .split('')
    .map((unit) => {
      const folded = unit.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
      return folded.length === 1 ? folded : unit.toLowerCase().length === 1 ? unit.toLowerCase() : unit;
    })
    .join('');

/** Splits `text` into plain and matched parts (case and accents ignored, as the server matches), for `<mark>`. */
export const highlightParts = (text: string, rawWords: readonly string[]): { text: string; hit: boolean }[] => {
  const words = rawWords.map(foldUnits).filter(Boolean);
  if (words.length === 0 || !text) return [{ text, hit: false }];
  const lowerText = foldUnits(text);
  const parts: { text: string; hit: boolean }[] = [];
  let at = 0;
  while (at < text.length) {
    let next = -1;
    let length = 0;
    for (const word of words) {
      const index = lowerText.indexOf(word, at);
      if (index >= 0 && (next < 0 || index < next || (index === next && word.length > length))) {
        next = index;
        length = word.length;
      }
    }
    if (next < 0) break;
    if (next > at) parts.push({ text: text.slice(at, next), hit: false });
    parts.push({ text: text.slice(next, next + length), hit: true });
    at = next + length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), hit: false });
  return parts;
};

/** A spreadsheet never runs a cell as a formula. */
const safeCell = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** The detailed table's columns (fact sheet §5), in order. */
export const extraColumns = ['keywords', 'scaffolds', 'views', 'buildsOn', 'editors', 'readers'] as const;
export type ExtraColumn = (typeof extraColumns)[number];

/** A detailed cell as text: lists joined with '; ', nothing when the server sent no extra information. */
export const extraCell = (result: SearchResult, column: ExtraColumn): string => {
  const extra = result.extra;
  if (!extra) return '';
  if (column === 'keywords') return extra.keywords.join('; ');
  if (column === 'scaffolds') return extra.scaffolds.join('; ');
  if (column === 'views') return extra.views.map((view) => view.title).join('; ');
  if (column === 'editors') return (extra.editors ?? []).join('; ');
  if (column === 'readers') return (extra.readers ?? []).join('; ');
  return extra.buildsOn?.title ?? '';
};

/**
 * The results CSV: id, title, authors, created, type, excerpt; the detailed columns when the results hold
 * them; the managers' comments when one of them has one.
 */
export const resultsCsv = (results: readonly SearchResult[]): string => {
  const detailed = results.some((r) => r.extra !== undefined);
  const commented = results.some((r) => (r.comments ?? '') !== '');
  return Papa.unparse({
    fields: ['id', 'title', 'authors', 'created', 'type', 'excerpt', ...(detailed ? extraColumns : []), ...(commented ? ['comments'] : [])],
    data: results.map((r) => [
      r._id,
      safeCell(r.title),
      safeCell(r.authorNames.join(', ')),
      r.created,
      r.type,
      safeCell(r.excerpt),
      ...(detailed ? extraColumns.map((column) => safeCell(extraCell(r, column))) : []),
      ...(commented ? [safeCell(r.comments ?? '')] : []),
    ]),
  });
};

/** Where a result opens: a view's canvas, or the contribution page. */
export const resultHref = (result: Pick<SearchResult, '_id' | 'type'>): string =>
  result.type === 'View' ? `/view/${result._id}` : `/contribution/${result._id}`;
