import type { SearchQuery } from '../../../contracts/api/search.ts';
import { msg } from '../../../contracts/messageCodes.ts';
import { parseSearchText, wordTermsOf } from '../../../contracts/searchQueryText.ts';
import { ValidationError } from '../../core/errors.ts';
import { termOf, type TextQuery, type TextTerm } from '../../core/textSearch.ts';

/** Words of a query at most: more makes no better search and a slower one. */
const maxTerms = 32;

/**
 * The query with the tokens typed among its words (`-author:ann`, `-view:…`,
 * contracts/searchQueryText.ts) moved to their fields: lists are joined, a
 * field set in the query itself wins over a token. A token whose value cannot
 * be used is a 400 naming its field.
 */
export const withTypedTokens = (query: SearchQuery): SearchQuery => {
  if (typeof query.words !== 'string' || !query.words.includes('-')) return query;
  const { tokens, words, bad } = parseSearchText(query.words);
  const first = bad[0];
  if (first) throw ValidationError.field(first.field, msg('errors.fieldInvalid', { field: first.field }));
  const join = (a: readonly string[] | undefined, b: readonly string[] | undefined): string[] | undefined =>
    a || b ? [...new Set([...(a ?? []), ...(b ?? [])])] : undefined;
  const out: SearchQuery = { ...query, words };
  const viewIds = join(query.viewIds, tokens.viewIds);
  const authors = join(query.authors, tokens.authors);
  const scaffold = join(query.scaffold, tokens.scaffold);
  if (viewIds) out.viewIds = viewIds;
  if (authors) out.authors = authors;
  if (scaffold) out.scaffold = scaffold;
  if (tokens.privateMode) out.privateMode = true;
  if (tokens.from && !query.from) out.from = tokens.from;
  if (tokens.to && !query.to) out.to = tokens.to;
  if (tokens.type && !query.type) out.type = tokens.type;
  if (tokens.searchMode && !query.searchMode) out.searchMode = tokens.searchMode;
  return out;
};

/**
 * The full-text query of the words: each bare word a prefix term, each quoted
 * part a phrase (several words of one piece, as `l'arbre`, are a phrase too);
 * the title only in title mode.
 */
export const textQueryOf = (words: SearchQuery['words'], titleOnly: boolean): TextQuery => {
  const pieces = typeof words === 'string' ? [words] : (words ?? []);
  const terms: TextTerm[] = [];
  const seen = new Set<string>();
  for (const piece of pieces) {
    for (const word of wordTermsOf(piece)) {
      const term = termOf(word.text, word.prefix);
      if (!term) continue;
      const key = `${term.prefix ? '*' : ''}${term.tokens.join(' ')}`;
      if (seen.has(key)) continue;
      seen.add(key);
      terms.push(term);
    }
  }
  return { terms: terms.slice(0, maxTerms), ...(titleOnly ? { fields: ['title'] } : {}) };
};
