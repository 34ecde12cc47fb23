import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { LexicalAnalysisReply } from '../../../../contracts/api/lexicalAnalysis.ts';
import {
  authorLabel,
  csvColumns,
  emptyLexicalFilters,
  frequencyChart,
  inContribution,
  lexicalCsv,
  lexicalQueryOf,
  lexicalSearchOf,
  rangeProblemOf,
  type LexicalTexts,
} from './lexicalAnalysisModel.ts';

const texts: LexicalTexts = {
  chart: 'Fréquence des termes',
  term: 'Terme',
  frequency: 'Fréquence',
  inNotes: 'Dans les notes',
  pseudonym: (letter) => `Étudiant ${letter}`,
  me: (name) => `${name} (moi)`,
};

const reply: LexicalAnalysisReply = {
  communityId: 'c'.repeat(24),
  asOf: { position: 3, time: null, computedAt: '2026-01-01T00:00:00.000Z' },
  stale: false,
  seesNames: true,
  lexicon: ['eau', 'réseau', 'glace'],
  searched: 3,
  terms: [
    { term: 'eau', frequency: 4, notes: 2 },
    { term: 'réseau', frequency: 1, notes: 1 },
    { term: 'glace', frequency: 0, notes: 0 },
  ],
  notes: [
    {
      id: 'a'.repeat(24),
      title: 'Le cycle',
      author: { key: 'x', label: 'Léa', me: false },
      created: '2026-01-01T00:00:00.000Z',
      counts: [
        { term: 'eau', count: 3 },
        { term: 'réseau', count: 1 },
      ],
    },
    {
      id: 'b'.repeat(24),
      title: '=HACK()',
      author: { key: 'A', label: 'A', me: false },
      created: '2026-01-02T00:00:00.000Z',
      counts: [{ term: 'eau', count: 1 }],
    },
  ],
};

describe('lexical analysis model', () => {
  it('makes the query of the form: only what is filled, lists joined, spaces collapsed', () => {
    expect(lexicalQueryOf({ ...emptyLexicalFilters, lexicon: 'eau; lave' })).toEqual({ lexicon: 'eau; lave' });
    const query = lexicalQueryOf({
      lexicon: 'eau',
      from: '2026-01-01',
      to: '2026-02-01',
      viewIds: ['v1', 'v2'],
      authorIds: ['A'],
      query: '  -author:lea   glace ',
    });
    expect(query).toEqual({
      lexicon: 'eau',
      from: '2026-01-01',
      to: '2026-02-01',
      views: 'v1,v2',
      authors: 'A',
      query: '-author:lea glace',
    });
    expect(lexicalSearchOf({ lexicon: "l'eau; lave" })).toBe('?lexicon=l%27eau%3B+lave');
  });

  it('finds a reversed range before asking the server', () => {
    expect(rangeProblemOf({ from: '2026-02-01', to: '2026-01-01' })).toBe('to');
    expect(rangeProblemOf({ from: '2026-01-01', to: '' })).toBeNull();
  });

  it('draws one bar per term, most frequent first, with the same numbers in its table', () => {
    const chart = frequencyChart(reply, texts);
    expect(chart.kind).toBe('bar');
    expect(chart.kind === 'bar' && chart.series[0]?.x).toEqual(['eau', 'réseau', 'glace']);
    expect(chart.kind === 'bar' && chart.series[0]?.y).toEqual([4, 1, 0]);
    expect(chart.table.rows).toEqual([
      ['eau', 4, 2],
      ['réseau', 1, 1],
      ['glace', 0, 0],
    ]);
    expect(chart.empty).toBe(false);
    expect(frequencyChart({ ...reply, terms: [{ term: 'glace', frequency: 0, notes: 0 }] }, texts).empty).toBe(true);
  });

  it('writes authors as the caller may see them', () => {
    expect(authorLabel({ key: 'A', label: 'A', me: false }, false, texts)).toBe('Étudiant A');
    expect(authorLabel({ key: 'x', label: 'Léa', me: false }, true, texts)).toBe('Léa');
    expect(authorLabel({ key: 'x', label: 'Léa', me: true }, false, texts)).toBe('Léa (moi)');
  });

  it("writes the CSV with the original's columns, each note as 'title -- count', formulas defused", () => {
    expect(inContribution(reply, 'eau', 'Sans titre')).toBe('Le cycle -- 3, =HACK() -- 1');
    const parsed = Papa.parse<string[]>(lexicalCsv(reply, 'Sans titre')).data;
    expect(parsed[0]).toEqual([...csvColumns]);
    expect(parsed[0]).toEqual(['Lexicon', 'Frequency', 'In Contribution']);
    expect(parsed[1]).toEqual(['eau', '4', 'Le cycle -- 3, =HACK() -- 1']);
    expect(parsed[2]).toEqual(['réseau', '1', 'Le cycle -- 1']);
    expect(parsed[3]).toEqual(['glace', '0', '']);
    const hostile = lexicalCsv(
      { ...reply, notes: [{ ...reply.notes[1]!, title: '=HACK()' }], terms: [{ term: 'eau', frequency: 1, notes: 1 }] },
      'x',
    );
    expect(Papa.parse<string[]>(hostile).data[1]?.[2]).toBe("'=HACK() -- 1");
  });
});
