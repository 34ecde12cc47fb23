import { describe, expect, it } from 'vitest';
import { jsonNestsDeeperThan } from './jsonDepth.ts';

describe('jsonNestsDeeperThan', () => {
  it('counts arrays and objects, and stops at the first level too many', () => {
    expect(jsonNestsDeeperThan('{"a":[{"b":[]}]}', 4)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":[{"b":[[]]}]}', 4)).toBe(true);
    expect(jsonNestsDeeperThan('[][][]', 1)).toBe(false);
    expect(jsonNestsDeeperThan('1', 0)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonNestsDeeperThan('{"text":"[[[[{{{{"}', 1)).toBe(false);
    expect(jsonNestsDeeperThan('{"text":"say \\"[[[\\" and \\\\","b":1}', 1)).toBe(false);
    expect(jsonNestsDeeperThan('{"text":"\\\\"}', 1)).toBe(false);
    expect(jsonNestsDeeperThan('{"text":"\\\\",  "b":[[]]}', 2)).toBe(true);
  });

  it('reads 100,000 levels without recursion', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect(jsonNestsDeeperThan(deep, 128)).toBe(true);
    expect(jsonNestsDeeperThan(deep, 100_000)).toBe(false);
  });
});
