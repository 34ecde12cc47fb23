import { describe, expect, it } from 'vitest';
import { personNamesOf } from './personNames.ts';

describe('personNamesOf', () => {
  const zoe = { firstName: 'Zoé', lastName: 'Martin', userName: 'zmartin' };
  it('shows selector entries with the user name, unless the community hides it', () => {
    expect(personNamesOf(false, false).choice(zoe)).toBe('Zoé Martin (zmartin)');
    expect(personNamesOf(false, true).choice(zoe)).toBe('Zoé Martin');
  });
  it('puts the last name first when the community flips names', () => {
    expect(personNamesOf(true, false).name(zoe)).toBe('Martin Zoé');
    expect(personNamesOf(true, true).choice(zoe)).toBe('Martin Zoé');
  });
  it('never repeats a user name that is the only name', () => {
    expect(personNamesOf(false, false).choice({ firstName: '', lastName: '', userName: 'zoe' })).toBe('zoe');
  });
});
