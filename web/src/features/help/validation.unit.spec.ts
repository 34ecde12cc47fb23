import { describe, expect, it } from 'vitest';
import { validateHelp } from './validation.ts';

describe('help form rules', () => {
  it('requires a title and a description with the spec messages', () => {
    expect(validateHelp({ subject: ' ', content: '' })).toEqual({
      subject: 'Title feild can not be empty.',
      content: 'Description feild can not be empty.',
    });
  });

  it('accepts a filled form', () => {
    expect(validateHelp({ subject: 'Bug', content: 'The view does not open.' })).toEqual({});
  });
});
