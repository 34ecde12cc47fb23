import { describe, expect, it } from 'vitest';
import { pluginFlags } from '../../../contracts/api/communities.ts';
import { ValidationError } from '../../core/errors.ts';
import {
  checkContextSettings,
  checkScaffoldList,
  completeContextData,
  defaultContextData,
  normaliseServerAddress,
  usesLinkChanges,
} from './settings.ts';

const fieldOf = (run: () => unknown): string | undefined => {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error.errors?.[0]?.field;
    throw error;
  }
  return undefined;
};

describe('defaultContextData', () => {
  it('starts with every plugin off and no languages', () => {
    const data = defaultContextData();
    for (const flag of pluginFlags) expect(data.plugins[flag]).toBe(false);
    expect(data.defaultLang).toBe('');
    expect(data.languages).toEqual([]);
  });

  it('gives each community its own copy', () => {
    const a = defaultContextData();
    a.viewSetting.showAuthor = !a.viewSetting.showAuthor;
    expect(defaultContextData().viewSetting.showAuthor).not.toBe(a.viewSetting.showAuthor);
  });
});

describe('completeContextData', () => {
  it('completes older or partial settings with the defaults, keeping what is stored', () => {
    const data = completeContextData({ freemode: true });
    expect(data.freemode).toBe(true);
    expect(data.settings).toEqual(defaultContextData().settings);
  });
});

describe('normaliseServerAddress', () => {
  it("keeps '' and drops an http(s) URL's trailing slashes", () => {
    expect(normaliseServerAddress('f', '  ')).toBe('');
    expect(normaliseServerAddress('f', ' https://kbdex.example.org/app// ')).toBe('https://kbdex.example.org/app');
    expect(normaliseServerAddress('f', 'http://localhost:8080')).toBe('http://localhost:8080');
  });

  it('refuses anything else, naming the field', () => {
    expect(fieldOf(() => normaliseServerAddress('data.settings.itmServer', 'javascript:alert(1)'))).toBe('data.settings.itmServer');
    expect(fieldOf(() => normaliseServerAddress('data.settings.itmServer', 'not a url'))).toBe('data.settings.itmServer');
  });
});

describe('checkContextSettings', () => {
  const base = defaultContextData();

  it('normalises server addresses and trims the default language', () => {
    const data = checkContextSettings({ ...base, defaultLang: ' fr ', settings: { ...base.settings, kbdexServer: 'https://k.example/' } });
    expect(data.defaultLang).toBe('fr');
    expect(data.settings.kbdexServer).toBe('https://k.example');
  });

  it('requires a default language when the multilanguage plugin is on', () => {
    expect(fieldOf(() => checkContextSettings({ ...base, plugins: { ...base.plugins, multilanguage: true } }))).toBe('data.defaultLang');
  });

  it('accepts language codes only', () => {
    expect(fieldOf(() => checkContextSettings({ ...base, defaultLang: 'fr"; x' }))).toBe('data.defaultLang');
    expect(fieldOf(() => checkContextSettings({ ...base, languages: ['fr', '__proto__'] }))).toBe('data.languages');
    expect(checkContextSettings({ ...base, defaultLang: 'fr', languages: ['fr', 'en'] }).languages).toEqual(['fr', 'en']);
  });
});

describe('checkScaffoldList', () => {
  it('refuses a scaffold named twice', () => {
    expect(fieldOf(() => checkScaffoldList(['s1', 's2', 's1']))).toBe('scaffoldIds');
    expect(fieldOf(() => checkScaffoldList(['s1', 's2']))).toBeUndefined();
  });
});

describe('usesLinkChanges', () => {
  const uses = [
    { _id: 'l1', to: 's1' },
    { _id: 'l2', to: 's2' },
    { _id: 'l3', to: 's1' },
  ];

  it('reorders kept scaffolds, deletes dropped and doubled links, and links new scaffolds, in order', () => {
    expect(usesLinkChanges(uses, ['s3', 's1'])).toEqual({
      existing: [
        { kind: 'update', linkId: 'l1', order: 2 },
        { kind: 'delete', linkId: 'l2' },
        { kind: 'delete', linkId: 'l3' },
      ],
      create: [{ scaffoldId: 's3', order: 1 }],
    });
  });

  it('changes nothing but the orders when the list is the same', () => {
    expect(usesLinkChanges(uses.slice(0, 2), ['s1', 's2'])).toEqual({
      existing: [
        { kind: 'update', linkId: 'l1', order: 1 },
        { kind: 'update', linkId: 'l2', order: 2 },
      ],
      create: [],
    });
  });

  it('deletes every link for an empty list', () => {
    expect(usesLinkChanges(uses, []).existing.every((change) => change.kind === 'delete')).toBe(true);
  });
});
