import type { Document, Filter, TextIndexSpec, TextQuery } from '../../core/readStore.ts';
import { indexableText, tokensOf } from '../../core/textSearch.ts';

/**
 * The MongoDB side of the full-text index (issue 14 §1). `$text` folds
 * accents but answers no prefix query, so each document of a collection
 * declared with `text` also carries `_tt`, the folded tokens of its text
 * fields, under an ordinary multikey index: a word is an equality on it, a
 * prefix an anchored regular expression (both answered by the index), and the
 * candidates are then matched and ranked by the shared definition
 * (services/core/textSearch.ts), like the memory store's.
 */
export const termsField = '_tt';

/** `doc` with its `_tt` tokens (each once), for a collection with a text index. */
export const withTerms = <T extends Document>(doc: T, spec: TextIndexSpec | undefined): T => {
  if (!spec) return doc;
  const terms = new Set<string>();
  for (const field of spec.fields) for (const token of tokensOf(indexableText(doc[field]))) terms.add(token);
  return { ...doc, [termsField]: [...terms] };
};

/** A stored document as the port hands it out: without `_tt`. */
export const withoutTerms = <T extends Document>(doc: T): T => {
  if (!(termsField in doc)) return doc;
  const { [termsField]: _terms, ...rest } = doc;
  return rest as T;
};

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The candidates of `query`: `filter`, and every token of every term among the document's `_tt` (a prefix anchored). */
export const candidateFilter = (query: TextQuery, filter: Filter = {}): Filter => {
  const clauses: Filter[] = [];
  for (const term of query.terms) {
    term.tokens.forEach((token, i) => {
      const prefix = term.prefix && i === term.tokens.length - 1;
      clauses.push({ [termsField]: prefix ? { $regex: `^${escapeRegex(token)}` } : token });
    });
  }
  return Object.keys(filter).length > 0 ? { $and: [filter, ...clauses] } : { $and: clauses };
};
