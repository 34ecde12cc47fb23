import { describe, expect, it } from 'vitest';
import type { ObjectReply } from '../../../../../contracts/api/objects.ts';
import {
  canonicalMap,
  initialEditLanguage,
  initialLangMap,
  isEmptyDoc,
  localisedObject,
  mainEntry,
  writtenLanguages,
} from './languages.ts';

const doc = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: text ? [{ type: 'text', text }] : [] }] });
const note = (over: Partial<ObjectReply>): ObjectReply => ({
  _id: 'a'.repeat(24),
  communityId: 'b'.repeat(24),
  type: 'Note',
  title: '',
  status: 'active',
  permission: 'protected',
  authors: [],
  authorNames: [],
  group: null,
  keywords: [],
  wordCount: 0,
  text4search: '',
  data: {},
  created: '',
  modified: '',
  revision: 0,
  editable: true,
  owned: true,
  ...over,
});
const same = (body: unknown) => body;

describe('multilanguage notes in the editor', () => {
  it('reads the stored languages, or counts a plain note as the default language, or a template body as the opening language', () => {
    const stored = note({
      title: 'Soleil',
      langInNote: ['fr', 'en'],
      data: { body: doc('soleil'), fr: doc('soleil'), fr_title: 'Soleil', en: doc('sun'), en_title: 'Sun' },
    });
    expect(initialLangMap(stored, same, 'fr')).toEqual({
      fr: { title: 'Soleil', content: doc('soleil') },
      en: { title: 'Sun', content: doc('sun') },
    });
    expect(initialLangMap(note({ title: 'Vieux', data: { body: doc('texte') } }), same, 'fr', 'en')).toEqual({
      fr: { title: 'Vieux', content: doc('texte') },
    });
    expect(initialLangMap(note({ data: { body: doc('amorce') } }), same, 'fr', 'en')).toEqual({
      en: { title: '', content: doc('amorce') },
    });
    expect(initialLangMap(note({ data: { body: doc('') } }), same, 'fr')).toEqual({});
  });

  it('keeps only written languages, in the context order, and saves the default one as the main version', () => {
    const map = { en: { title: 'Sun', content: doc('') }, es: { title: '', content: doc('') }, fr: { title: '', content: doc('soleil') } };
    expect(writtenLanguages(map, ['fr', 'en', 'es'])).toEqual(['fr', 'en']);
    expect(Object.keys(canonicalMap(map, ['fr', 'en', 'es']))).toEqual(['fr', 'en']);
    expect(mainEntry(canonicalMap(map, ['fr', 'en']), 'fr')?.content).toEqual(doc('soleil'));
    expect(mainEntry({ en: { title: 'Sun', content: doc('') } }, 'fr')?.title).toBe('Sun');
    expect(isEmptyDoc(doc(''))).toBe(true);
    expect(isEmptyDoc({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'image', attrs: {} }] }] })).toBe(false);
  });

  it("opens in the reader's language when offered, else the default", () => {
    expect(initialEditLanguage({ offered: ['fr', 'en'], defaultLang: 'fr', preferred: 'en' })).toBe('en');
    expect(initialEditLanguage({ offered: ['fr', 'en'], defaultLang: 'fr', preferred: 'de' })).toBe('fr');
  });

  it('shows the reader the chosen language, else the default, else the note as it is', () => {
    const stored = note({
      title: 'Soleil',
      langInNote: ['fr', 'en'],
      data: { body: doc('soleil'), fr: doc('soleil'), fr_title: 'Soleil', en: doc('sun'), en_title: 'Sun' },
    });
    expect(localisedObject(stored, 'en', 'fr')).toMatchObject({ title: 'Sun', data: { body: doc('sun') }, shownLanguage: 'en' });
    expect(localisedObject(stored, 'es', 'fr')).toMatchObject({ title: 'Soleil', shownLanguage: 'fr' });
    expect(localisedObject(note({ title: 'Plain' }), 'en', 'fr')).toMatchObject({ title: 'Plain', shownLanguage: null });
  });
});
