import { describe, expect, it } from 'vitest';
import { personName } from './personName.ts';

describe('personName', () => {
  const ada = { firstName: 'Ada', lastName: 'Lovelace', userName: 'ada' };
  it('shows first name then last name, or last name first when the community flips names', () => {
    expect(personName(ada)).toBe('Ada Lovelace');
    expect(personName(ada, true)).toBe('Lovelace Ada');
  });
  it('falls back to the user name, and never shows a stray space', () => {
    expect(personName({ firstName: '', lastName: '', userName: 'zoe' }, true)).toBe('zoe');
    expect(personName({ firstName: 'Zoé', lastName: '', userName: 'zoe' }, true)).toBe('Zoé');
  });
});
