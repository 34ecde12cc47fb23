import { describe, expect, it } from 'vitest';
import { kbdexUrl } from './kbdexUrl.ts';

describe('kbdexUrl', () => {
  it('asks for the whole class by default', () => {
    expect(kbdexUrl('c1', { at: '', since: '', withTitle: false, includePrivate: false, pseudonymise: false })).toBe(
      '/api/communities/c1/kbdex.csv',
    );
  });

  it('"as of" a day includes that whole day, "since" a day starts at its midnight, in the local time zone', () => {
    const url = new URL(
      kbdexUrl('c1', { at: '2026-03-15', since: '2026-02-01', withTitle: true, includePrivate: true, pseudonymise: true }),
      'http://x',
    );
    expect(new Date(url.searchParams.get('at') ?? '').getTime()).toBe(new Date('2026-03-16T00:00:00').getTime() - 1);
    expect(url.searchParams.get('from')).toBe(new Date('2026-02-01T00:00:00').toISOString());
    expect(url.searchParams.get('title')).toBe('true');
    expect(url.searchParams.get('private')).toBe('true');
    expect(url.searchParams.get('pseudonymise')).toBe('true');
  });
});
