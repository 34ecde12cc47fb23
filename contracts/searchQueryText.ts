import { isObjectId } from './ids.ts';

/**
 * The search field's text (spec part 2 §Search; fact sheet §5), parsed the
 * same way by the web page and the server: the tokens `-private`,
 * `-view:<id>`, `-from:<date>`, `-to:<date>`, `-author:<userName>`,
 * `-type:<type>`, `-scaffold:<support title without spaces>`,
 * `-searchMode:<title|text>`; the rest are words, where a quoted part is one
 * phrase. Nothing here becomes a regular expression (fact sheet §12).
 */

export const tokenTypes = ['Note', 'View', 'Annotation', 'Drawing', 'Attachment'] as const;
export type TokenType = (typeof tokenTypes)[number];

export type SearchTokens = {
  privateMode?: true;
  viewIds?: string[];
  from?: string;
  to?: string;
  authors?: string[];
  type?: TokenType;
  scaffold?: string[];
  searchMode?: 'title' | 'text';
};

/** A token whose value cannot be used, and the query field it stands for (a 400 names it). */
export type BadToken = { token: string; field: string };

export type ParsedSearchText = { tokens: SearchTokens; words: string; bad: BadToken[] };

const tokenPattern = /^-(private|view|from|to|author|type|scaffold|searchMode):?(.*)$/i;

/** The pieces of the text: quoted parts (an unclosed quote runs to the end) and runs of non-space. */
const piecesOf = (text: string): string[] => text.match(/"[^"]*"?\*?|[^\s"]+/g) ?? [];

const isDate = (value: string): boolean => !Number.isNaN(Date.parse(value));

/** Splits the text into its tokens and its words (`words`: the rest, as typed, single-spaced). */
export const parseSearchText = (text: string): ParsedSearchText => {
  const tokens: SearchTokens = {};
  const bad: BadToken[] = [];
  const words: string[] = [];
  for (const piece of piecesOf(text)) {
    const match = piece.startsWith('"') ? null : tokenPattern.exec(piece);
    if (!match) {
      words.push(piece);
      continue;
    }
    const key = (match[1] as string).toLowerCase();
    const value = match[2] as string;
    if (key === 'private') {
      if (value === '') tokens.privateMode = true;
      else words.push(piece);
      continue;
    }
    // `-author:` alone (or `-x`) is a word, as typed.
    if (value === '') {
      words.push(piece);
      continue;
    }
    if (key === 'view') {
      if (isObjectId(value)) tokens.viewIds = [...(tokens.viewIds ?? []), value];
      else bad.push({ token: piece, field: 'query.viewIds' });
    } else if (key === 'from' || key === 'to') {
      if (isDate(value)) tokens[key] = value;
      else bad.push({ token: piece, field: `query.${key}` });
    } else if (key === 'author') {
      tokens.authors = [...(tokens.authors ?? []), value];
    } else if (key === 'type') {
      const type = tokenTypes.find((t) => t.toLowerCase() === value.toLowerCase());
      if (type) tokens.type = type;
      else bad.push({ token: piece, field: 'query.type' });
    } else if (key === 'scaffold') {
      tokens.scaffold = [...(tokens.scaffold ?? []), value];
    } else if (key === 'searchmode') {
      const mode = value.toLowerCase();
      if (mode === 'title' || mode === 'text') tokens.searchMode = mode;
      else bad.push({ token: piece, field: 'query.searchMode' });
    }
  }
  return { tokens, words: words.join(' '), bad };
};

/** One word or phrase of the words: `prefix` when it may end a longer word (bare words, or a trailing `*`). */
export type WordTerm = { text: string; phrase: boolean; prefix: boolean };

/**
 * The words as terms: `"…"` is a phrase matched as typed (a `*` right after
 * it makes its last word a prefix); a bare word matches the words it begins
 * ('photo' finds 'photosynthèse'), a trailing `*` changing nothing.
 */
export const wordTermsOf = (words: string): WordTerm[] =>
  piecesOf(words).flatMap((piece): WordTerm[] => {
    if (piece.startsWith('"')) {
      const prefix = piece.endsWith('"*');
      const inner = piece.replace(/^"/, '').replace(/"?\*?$/, '');
      return inner.trim() ? [{ text: inner, phrase: true, prefix }] : [];
    }
    const text = piece.replace(/\*+$/, '');
    return text ? [{ text, phrase: false, prefix: true }] : [];
  });
