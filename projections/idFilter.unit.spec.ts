import { describe, expect, it } from 'vitest';
import { IdFilter } from './idFilter.ts';

const id = (n: number) => n.toString(16).padStart(24, '0');

describe('IdFilter: what a rebuild remembers of the ids it wrote, bounded', () => {
  it('never answers "certainly not" for an id it was given, across its growth', () => {
    const filter = new IdFilter(1_000);
    for (let n = 0; n < 50_000; n++) filter.add(id(n));
    for (let n = 0; n < 50_000; n++) expect(filter.mayHave(id(n))).toBe(true);
  });

  it('answers "certainly not" for most ids it was never given (about 1 % false maybes)', () => {
    const filter = new IdFilter(1_000);
    for (let n = 0; n < 50_000; n++) filter.add(id(n));
    let maybes = 0;
    for (let n = 1_000_000; n < 1_050_000; n++) if (filter.mayHave(id(n))) maybes++;
    expect(maybes / 50_000).toBeLessThan(0.03);
  });

  it('stops growing at its byte bound, and still never forgets an id', () => {
    const filter = new IdFilter(1_000, 64 * 1024);
    for (let n = 0; n < 200_000; n++) filter.add(id(n));
    expect(filter.size).toBeLessThanOrEqual(64 * 1024);
    for (let n = 0; n < 200_000; n += 7) expect(filter.mayHave(id(n))).toBe(true);
    // A Set of the same ids would hold ~200,000 strings (megabytes).
    expect(new IdFilter().size).toBeLessThan(64 * 1024);
  });
});
