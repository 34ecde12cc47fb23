import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { PromisingIdea } from '../../../../contracts/api/promisingIdeas.ts';
import { colourText, ideasCsv, poolProblem, reasonText, type IdeaTexts } from './model.ts';

const texts: IdeaTexts = {
  columns: { note: 'Note', idea: 'Idea', reason: 'Reason', colour: 'Colour', author: 'Author', date: 'Date', hits: 'Hits' },
  none: 'None',
  unassigned: '(Unassigned)',
  colourName: (c) => c.charAt(0).toUpperCase() + c.slice(1),
  formatDate: (iso) => iso.slice(0, 10),
};

const row = (over: Partial<PromisingIdea> = {}): PromisingIdea => ({
  _id: 'a'.repeat(24),
  communityId: 'c'.repeat(24),
  noteId: 'n'.repeat(24),
  noteTitle: 'Lumière',
  idea: 'besoin\nde  lumière',
  reason: '',
  color: 'yellow',
  colourLabel: '',
  authorId: 'b'.repeat(24),
  authorName: 'Ada',
  created: '2026-03-01T10:00:00.000Z',
  modified: '2026-03-01T10:00:00.000Z',
  hitCount: 2,
  overlapped: false,
  overlaps: [],
  contentExists: true,
  editable: false,
  ...over,
});

describe('the promising ideas table', () => {
  it("shows 'None' for an empty reason and the colour with its label or '(Unassigned)'", () => {
    expect(reasonText('  ', texts)).toBe('None');
    expect(reasonText('Parce que', texts)).toBe('Parce que');
    expect(colourText({ color: 'yellow', colourLabel: '' }, texts)).toBe('Yellow (Unassigned)');
    expect(colourText({ color: 'red', colourLabel: 'Question' }, texts)).toBe('Red (Question)');
  });

  it('exports the rows as CSV with collapsed ideas, a link to each note, and formulas neutralised', () => {
    const csv = ideasCsv([row(), row({ noteTitle: '=HYPERLINK("x")', reason: 'Oui', colourLabel: 'Piste' })], texts, 'https://kf.test');
    const parsed = Papa.parse<string[]>(csv.trim()).data;
    expect(parsed[0]).toEqual(['Note', 'Idea', 'Reason', 'Colour', 'Author', 'Date', 'Hits', 'URL']);
    expect(parsed[1]).toEqual([
      'Lumière',
      'besoin de lumière',
      'None',
      'Yellow (Unassigned)',
      'Ada',
      '2026-03-01',
      '2',
      `https://kf.test/contribution/${'n'.repeat(24)}`,
    ]);
    expect(parsed[2]?.[0]).toBe('\'=HYPERLINK("x")');
    expect(parsed[2]?.[3]).toBe('Yellow (Piste)');
  });

  it('refuses a PI Pool note without idea, title or view, in that order', () => {
    expect(poolProblem({ ideaIds: [], title: '', viewIds: [] })).toBe('notSelected');
    expect(poolProblem({ ideaIds: ['x'], title: ' ', viewIds: [] })).toBe('titleEmpty');
    expect(poolProblem({ ideaIds: ['x'], title: 'PI Pool', viewIds: [] })).toBe('noView');
    expect(poolProblem({ ideaIds: ['x'], title: 'PI Pool', viewIds: ['v'] })).toBeNull();
  });
});
