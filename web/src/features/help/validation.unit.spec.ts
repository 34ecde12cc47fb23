import { describe, expect, it } from 'vitest';
import { validateHelp } from './validation.ts';

describe('help form rules', () => {
  it('requires a title and a description, with the codes of the spec messages', () => {
    expect(validateHelp({ subject: ' ', content: '' })).toEqual({
      subject: 'community.helpTitleRequired',
      content: 'community.helpDescriptionRequired',
    });
  });

  it('accepts a filled form', () => {
    expect(validateHelp({ subject: 'Bug', content: 'The view does not open.' })).toEqual({});
  });
});
