import { describe, expect, it } from 'vitest';
import { parseSearchText, wordTermsOf } from './searchQueryText.ts';

const view = 'a'.repeat(24);

describe('parseSearchText (fact sheet §5 tokens)', () => {
  it('takes every token out of the words', () => {
    expect(
      parseSearchText(
        `green -author:ann leaves -private -view:${view} -from:2024-01-01 -to:2024-12-31 -searchMode:title -scaffold:MyTheory -type:view`,
      ),
    ).toEqual({
      words: 'green leaves',
      bad: [],
      tokens: {
        authors: ['ann'],
        privateMode: true,
        viewIds: [view],
        from: '2024-01-01',
        to: '2024-12-31',
        searchMode: 'title',
        scaffold: ['MyTheory'],
        type: 'View',
      },
    });
  });

  it('collects repeated list tokens and keeps the last of a single one', () => {
    const { tokens } = parseSearchText('-author:ann -author:bob -scaffold:A -scaffold:B -type:Note -type:Annotation');
    expect(tokens).toEqual({ authors: ['ann', 'bob'], scaffold: ['A', 'B'], type: 'Annotation' });
  });

  it('leaves as words what is no token: an empty value, an unknown name, a quoted part', () => {
    expect(parseSearchText('-author: well-known -x "-private" -privately')).toEqual({
      words: '-author: well-known -x "-private" -privately',
      tokens: {},
      bad: [],
    });
  });

  it('names the field of a token whose value cannot be used', () => {
    expect(parseSearchText('a -view:nope -from:yesterday -to:later -type:Poem -searchMode:regex').bad).toEqual([
      { token: '-view:nope', field: 'query.viewIds' },
      { token: '-from:yesterday', field: 'query.from' },
      { token: '-to:later', field: 'query.to' },
      { token: '-type:Poem', field: 'query.type' },
      { token: '-searchMode:regex', field: 'query.searchMode' },
    ]);
  });

  it('reads token names in any case', () => {
    expect(parseSearchText('-SEARCHMODE:Text -Private').tokens).toEqual({ searchMode: 'text', privateMode: true });
  });
});

describe('wordTermsOf', () => {
  it('makes bare words prefixes and quoted parts phrases', () => {
    expect(wordTermsOf('photo "leaves store" émergence*')).toEqual([
      { text: 'photo', phrase: false, prefix: true },
      { text: 'leaves store', phrase: true, prefix: false },
      { text: 'émergence', phrase: false, prefix: true },
    ]);
  });

  it('reads a star after a phrase as a prefix of its last word, and runs an unclosed quote to the end', () => {
    expect(wordTermsOf('"leaves st"*')).toEqual([{ text: 'leaves st', phrase: true, prefix: true }]);
    expect(wordTermsOf('tree "unclosed phrase')).toEqual([
      { text: 'tree', phrase: false, prefix: true },
      { text: 'unclosed phrase', phrase: true, prefix: false },
    ]);
  });

  it('drops empty pieces', () => {
    expect(wordTermsOf('  ""  *  " " ')).toEqual([]);
  });
});
