import { describe, expect, it } from 'vitest';
import {
  collapsedIdea,
  joinPromisingIdeasIds,
  newestFirst,
  overlapsOf,
  passesFilters,
  splitPromisingIdeasIds,
  type FilterableIdea,
} from './promisingIdeas.ts';

const idea = (id: string, text: string, created = `2026-01-0${id.length}T00:00:00.000Z`) => ({ _id: id, idea: text, created });

describe('the overlap rule (fact sheet §7)', () => {
  it('counts 1 plus every shorter idea contained in it, white space ignored, and marks those overlapped', () => {
    const result = overlapsOf([
      idea('a', 'Plants need light to grow'),
      idea('bb', 'need  light'),
      idea('ccc', 'needlight\n'),
      idea('dddd', 'water'),
    ]);
    expect(result.get('a')).toEqual({ hitCount: 3, overlapped: false, overlaps: ['bb', 'ccc'] });
    // Equal texts contain each other: both count, only the later one is overlapped (and 'a' overlaps both).
    expect(result.get('bb')).toEqual({ hitCount: 2, overlapped: true, overlaps: ['ccc'] });
    expect(result.get('ccc')).toMatchObject({ hitCount: 2, overlapped: true, overlaps: [] });
    expect(result.get('dddd')).toEqual({ hitCount: 1, overlapped: false, overlaps: [] });
  });

  it('does not count a longer idea, nor an idea that is not a substring', () => {
    const result = overlapsOf([idea('a', 'light'), idea('bb', 'more light'), idea('ccc', 'ligth')]);
    expect(result.get('a')).toEqual({ hitCount: 1, overlapped: true, overlaps: [] });
    expect(result.get('bb')?.hitCount).toBe(2);
    expect(result.get('ccc')).toEqual({ hitCount: 1, overlapped: false, overlaps: [] });
  });

  it('settles equal texts of the same date by id, so the result does not depend on the order given', () => {
    const same = '2026-01-01T00:00:00.000Z';
    const one = overlapsOf([idea('x2', 'idea', same), idea('x1', 'idea', same)]);
    const two = overlapsOf([idea('x1', 'idea', same), idea('x2', 'idea', same)]);
    expect(one).toEqual(two);
    expect(one.get('x1')?.overlapped).toBe(false);
    expect(one.get('x2')?.overlapped).toBe(true);
  });
});

describe('the filters', () => {
  const base: FilterableIdea = {
    idea: 'Les plantes ont besoin de lumière',
    reason: 'Une bonne piste',
    color: 'yellow',
    authorId: 'a1',
    authorName: 'Ada Lovelace',
    hitCount: 2,
    overlapped: false,
  };

  it('keeps everything without a filter', () => {
    expect(passesFilters(base, {})).toBe(true);
    expect(passesFilters(base, { colour: '', reason: '', keyword: '  ', user: '' })).toBe(true);
  });

  it('filters by colour and by user', () => {
    expect(passesFilters(base, { colour: 'yellow' })).toBe(true);
    expect(passesFilters(base, { colour: 'red' })).toBe(false);
    expect(passesFilters(base, { user: 'a1' })).toBe(true);
    expect(passesFilters(base, { user: 'a2' })).toBe(false);
  });

  it('filters by hit count, leaving overlapped ideas out', () => {
    expect(passesFilters(base, { minHits: 2 })).toBe(true);
    expect(passesFilters(base, { minHits: 3 })).toBe(false);
    expect(passesFilters({ ...base, overlapped: true }, { minHits: 1 })).toBe(false);
    expect(passesFilters({ ...base, overlapped: true }, {})).toBe(true);
  });

  it('matches reason and keyword whatever the white space and case', () => {
    expect(passesFilters(base, { reason: 'bonne  PISTE' })).toBe(true);
    expect(passesFilters(base, { reason: 'mauvaise' })).toBe(false);
    expect(passesFilters(base, { keyword: 'besoinde lu' })).toBe(true);
    expect(passesFilters(base, { keyword: 'ada love' })).toBe(true);
    expect(passesFilters(base, { keyword: 'unebonne' })).toBe(true);
    expect(passesFilters(base, { keyword: 'eau' })).toBe(false);
  });
});

describe('the page address and the table', () => {
  it('splits and joins on the triple section sign', () => {
    expect(splitPromisingIdeasIds('c1§§§v1')).toEqual({ communityId: 'c1', viewId: 'v1' });
    expect(splitPromisingIdeasIds('c1')).toEqual({ communityId: 'c1', viewId: '' });
    expect(joinPromisingIdeasIds('c1', 'v1')).toBe('c1§§§v1');
    expect(joinPromisingIdeasIds('c1', null)).toBe('c1');
  });

  it('collapses line breaks of an idea and sorts newest first', () => {
    expect(collapsedIdea(' one\n\ntwo  three ')).toBe('one two three');
    const rows = [
      { _id: 'a', created: '2026-01-01' },
      { _id: 'b', created: '2026-02-01' },
      { _id: 'c', created: '2026-02-01' },
    ];
    expect([...rows].sort(newestFirst).map((r) => r._id)).toEqual(['c', 'b', 'a']);
  });
});
