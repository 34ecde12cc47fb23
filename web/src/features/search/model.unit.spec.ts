import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { SearchResult } from '../../../../contracts/api/search.ts';
import {
  buildQuery,
  extraCell,
  extraColumns,
  emptyAdvanced,
  highlightParts,
  highlightWords,
  pageCount,
  parseTokens,
  resultHref,
  resultsCsv,
  statusAfter,
} from './model.ts';

const result = (over: Partial<SearchResult> = {}): SearchResult => ({
  _id: 'a'.repeat(24),
  type: 'Note',
  title: 'Leaves',
  permission: 'protected',
  authors: ['b'.repeat(24)],
  authorNames: ['Ann Lee'],
  created: '2024-05-01T10:00:00.000Z',
  modified: '2024-05-01T10:00:00.000Z',
  excerpt: 'green',
  byMe: false,
  ...over,
});

describe('search tokens (fact sheet §5)', () => {
  it('separates -private, -view:, -from:, -to:, -author:, -searchMode:, -scaffold: from the words', () => {
    const view = 'c'.repeat(24);
    expect(
      parseTokens(`green  -author:ann leaves -private -view:${view} -from:2024-01-01 -to:2024-12-31 -searchMode:title -scaffold:MyTheory`),
    ).toEqual({
      words: 'green leaves',
      authors: ['ann'],
      privateMode: true,
      viewIds: [view],
      from: '2024-01-01',
      to: '2024-12-31',
      searchMode: 'title',
      scaffold: ['MyTheory'],
    });
  });

  it('keeps unknown dash words and empty tokens as words', () => {
    expect(parseTokens('-author: well-known -x')).toEqual({ words: '-author: well-known -x' });
  });
});

describe('the query sent', () => {
  it('merges the field tokens with the advanced panel, page and page size', () => {
    const advanced = { ...emptyAdvanced(), authors: ['bob', 'ann'], privateMode: false, from: '2024-02-01', pagesize: 25 };
    expect(buildQuery('tree -author:ann -from:2023-01-01', advanced, 3)).toEqual({
      words: 'tree',
      authors: ['ann', 'bob'],
      from: '2024-02-01',
      page: 3,
      pagesize: 25,
    });
    expect(buildQuery('', emptyAdvanced(), 1)).toEqual({ words: '', page: 1, pagesize: 50 });
  });
});

describe('status, pages, highlight, CSV', () => {
  it('searched or noresult after an answer; at least one page', () => {
    expect(statusAfter(0)).toBe('noresult');
    expect(statusAfter(3)).toBe('searched');
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(101, 50)).toBe(3);
  });

  it('highlights every word case-insensitively, tokens left out', () => {
    const words = highlightWords('Leaf -author:ann GREEN');
    expect(words).toEqual(['leaf', 'green']);
    expect(highlightParts('Green leafy; a leaf is green', words)).toEqual([
      { text: 'Green', hit: true },
      { text: ' ', hit: false },
      { text: 'leaf', hit: true },
      { text: 'y; a ', hit: false },
      { text: 'leaf', hit: true },
      { text: ' is ', hit: false },
      { text: 'green', hit: true },
    ]);
    expect(highlightParts('nothing here', words)).toEqual([{ text: 'nothing here', hit: false }]);
  });

  it('writes a CSV whose cells never start a formula', () => {
    const csv = resultsCsv([result({ title: '=HYPERLINK("x")', authorNames: ['Ann', '+Bob'] })]);
    const [header, row] = Papa.parse<string[]>(csv.trim()).data;
    expect(header).toEqual(['id', 'title', 'authors', 'created', 'type', 'excerpt']);
    expect(row).toEqual(['a'.repeat(24), `'=HYPERLINK("x")`, 'Ann, +Bob', '2024-05-01T10:00:00.000Z', 'Note', 'green']);
  });

  it('opens views on their canvas and other results on the contribution page', () => {
    expect(resultHref({ _id: 'v', type: 'View' })).toBe('/view/v');
    expect(resultHref({ _id: 'n', type: 'Note' })).toBe('/contribution/n');
  });
});

describe('search tokens read as the server reads them (issue 14 §2)', () => {
  it('takes -type: out of the words and sends it', () => {
    expect(parseTokens('tree -type:view')).toEqual({ words: 'tree', type: 'View' });
    expect(buildQuery('tree -type:Note', emptyAdvanced(), 1)).toMatchObject({ words: 'tree', type: 'Note' });
  });

  it('leaves a token whose value cannot be used among the words, for the server to refuse by name', () => {
    expect(parseTokens('tree -from:yesterday')).toEqual({ words: 'tree -from:yesterday' });
  });

  it('highlights ignoring accents and quotes, as the index matches', () => {
    expect(highlightParts('Émergence des idées', highlightWords('"emergence" idees'))).toEqual([
      { text: 'Émergence', hit: true },
      { text: ' des ', hit: false },
      { text: 'idées', hit: true },
    ]);
  });
});

describe('the detailed table (issue 14 §2)', () => {
  const base = {
    _id: 'a'.repeat(24),
    type: 'Note',
    title: 'Tapirs',
    permission: 'protected',
    authors: [],
    authorNames: ['Ann'],
    created: '2026-01-01T00:00:00.000Z',
    modified: '2026-01-01T00:00:00.000Z',
    excerpt: 'x',
    byMe: false,
  };
  const extra = {
    keywords: ['animals', '=rivers'],
    scaffolds: ['My theory'],
    views: [{ _id: 'b'.repeat(24), title: 'Welcome' }],
    buildsOn: { _id: 'c'.repeat(24), title: 'Basis' },
    editors: ['Ann Lee', 'Bob Ray'],
    readers: ['Carl Day'],
  };

  it('writes each column as text', () => {
    expect(extraColumns.map((column) => extraCell({ ...base, extra }, column))).toEqual([
      'animals; =rivers',
      'My theory',
      'Welcome',
      'Basis',
      'Ann Lee; Bob Ray',
      'Carl Day',
    ]);
    expect(extraCell(base, 'views')).toBe('');
  });

  it('adds the detailed columns to the CSV only when the results hold them, formulas defused', () => {
    expect(resultsCsv([base]).split('\r\n')[0]).toBe('id,title,authors,created,type,excerpt');
    const [head, row] = resultsCsv([{ ...base, extra: { ...extra, keywords: ['=1+1'] } }]).split('\r\n');
    expect(head).toBe('id,title,authors,created,type,excerpt,keywords,scaffolds,views,buildsOn,editors,readers');
    expect(row).toContain(`'=1+1`);
  });

  it("adds the managers' comments to the CSV when a result has one, formulas defused", () => {
    expect(resultsCsv([{ ...base, comments: '' }]).split('\r\n')[0]).toBe('id,title,authors,created,type,excerpt');
    const [head, row] = resultsCsv([{ ...base, comments: '=HYPERLINK("x")' }]).split('\r\n');
    expect(head).toBe('id,title,authors,created,type,excerpt,comments');
    expect(row).toContain(`'=HYPERLINK`);
  });
});
