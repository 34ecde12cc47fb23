import { describe, expect, it } from 'vitest';
import type { ContextData, Registration, ViewSummary } from '../../../../contracts/api/communities.ts';
import { oldestView, sortRegistrations } from './api/communities.ts';
import { suggestKey, validateCreate } from './components/CommunityManager.tsx';
import { validateSettings } from './components/CommunitySettingsPage.tsx';

const view = (id: string, created: string): ViewSummary => ({
  _id: id,
  communityId: 'c',
  title: id,
  created,
  modified: created,
  permission: 'public',
  status: 'active',
});

const registration = (title: string, order: number) =>
  ({ _id: title, order, community: { _id: title, title, archived: false, created: '' } }) as unknown as Registration;

describe('community helpers', () => {
  it('opens the oldest view by created date, or none', () => {
    expect(oldestView([view('b', '2024-03-02T10:00:00.000Z'), view('a', '2024-03-01T10:00:00.000Z')])?._id).toBe('a');
    expect(oldestView([])).toBeNull();
  });

  it('orders my communities by order, then title', () => {
    const sorted = sortRegistrations([registration('Zèbre', 1), registration('Alpha', 2), registration('Beta', 1)]);
    expect(sorted.map((r) => r.community.title)).toEqual(['Beta', 'Zèbre', 'Alpha']);
  });

  it('asks for a title and both keys with the spec messages', () => {
    expect(validateCreate({ title: ' ', registrationKey: '', managerRegistrationKey: 'keykey' })).toEqual({
      title: 'community.titleRequired',
      registrationKey: 'community.registrationKeyRequired',
    });
    expect(validateCreate({ title: 'T', registrationKey: 'abcdef', managerRegistrationKey: 'ghijkl' })).toEqual({});
  });

  it('refuses keys under 6 characters and suggests long random ones (issue 20 §2)', () => {
    expect(validateCreate({ title: 'T', registrationKey: 'abc', managerRegistrationKey: 'ghijkl' })).toEqual({
      registrationKey: 'community.registrationKeyTooShort',
    });
    const keys = new Set(Array.from({ length: 50 }, () => suggestKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/);
  });

  it('needs a default language when multilanguage is on, and no scaffold twice', () => {
    const data = { plugins: { multilanguage: true }, defaultLang: '' } as unknown as ContextData;
    expect(validateSettings(data, [])).toBe('community.defaultLanguageRequired');
    expect(validateSettings({ ...data, defaultLang: 'fr' }, ['s1', 's1'])).toBe('community.scaffoldInUse');
    expect(validateSettings({ ...data, defaultLang: 'fr' }, ['s1', 's2'])).toBeNull();
  });
});
