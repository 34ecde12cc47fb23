import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../core/errors.ts';
import { modeOf } from './writingHelp.ts';

describe('modeOf (spec part 1 §7 query modes)', () => {
  it('maps KF6 queries to the logged modes, gpt4 and davinci included', () => {
    expect(modeOf({ spell: 'quick' })).toBe('quick');
    expect(modeOf({ spell: 'full' })).toBe('full');
    expect(modeOf({ spell: 'gpt4' })).toBe('full');
    expect(modeOf({ explain: 'turboExplain' })).toBe('explain1');
    expect(modeOf({ explain: 'turboExplain2' })).toBe('explain2');
    expect(modeOf({ explain: 'turboExplain3' })).toBe('explain3');
    expect(modeOf({ explain: 'davinci' })).toBe('explain3');
  });

  it('wants exactly one of spell and explain', () => {
    expect(() => modeOf({})).toThrow(ValidationError);
    expect(() => modeOf({ spell: 'quick', explain: 'turboExplain' })).toThrow(ValidationError);
  });
});
