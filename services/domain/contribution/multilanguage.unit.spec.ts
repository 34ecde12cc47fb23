import { describe, expect, it } from 'vitest';
import { ObjectMessages } from '../../../contracts/catalogs/objects.ts';
import { TemplateMessages } from '../../../contracts/catalogs/templates.ts';
import type { ContributionCreated, ContributionEvent, NoteContent, NoteTranslations } from '../../../contracts/events/contribution.ts';
import { languageShown, noteLanguagesOf, titleIn, translationsOf, withTranslations } from '../../../contracts/multilanguage.ts';
import { deciderSpec } from '../../../tests/support/deciderSpec.ts';
import { IllegalStateError, ValidationError } from '../../core/errors.ts';
import { contributionDecider } from './contribution.decide.ts';
import { evolveContribution, initialContributionState } from './contribution.ts';

const spec = deciderSpec(contributionDecider);
const id = '64c000000000000000000001';
const communityId = '64c0000000000000000000c1';
const primary = '64c0000000000000000000a1';
const support1 = '64c0000000000000000000b1';

const created = (overrides: Partial<ContributionCreated['data']> = {}): ContributionCreated => ({
  type: 'ContributionCreated',
  data: {
    contributionId: id,
    communityId,
    type: 'Note',
    title: '',
    status: 'unsaved',
    permission: 'protected',
    authors: [primary],
    group: null,
    data: {},
    ...overrides,
  },
});
const activeNote = created({ status: 'active', title: 'Old' });
const linkId = (n: number) => `00000000000000000000000${n}`.slice(-24);
const ids = () => {
  let n = 0;
  return () => linkId(++n);
};
const text = (value: string) => ({ type: 'text', text: value });
const paragraph = (...content: unknown[]) => ({ type: 'paragraph', content });
const doc = (...content: unknown[]) => ({ type: 'doc', content });
const supportNode = (words: string, link: string | null = null) => ({
  type: 'support',
  attrs: { supportId: support1, linkId: link, title: 'My theory' },
  content: [text(words)],
});

const fr = doc(paragraph(text('le soleil')));
const en = doc(paragraph(text('the sun')));
const base = { title: 'ignored', body: doc(), keywords: [], wordCount: 4, text4search: '( Soleil ) le soleil ( Sun ) the sun (  )' };
const saveIn = (translations: NoteTranslations, mainLang = 'fr') => ({
  type: 'SaveNote' as const,
  data: { ...base, translations, mainLang, newId: ids() },
});
const written: NoteTranslations = { fr: { title: 'Soleil', body: fr }, en: { title: 'Sun', body: en } };
const contributed = (translations: NoteTranslations, main: keyof NoteTranslations = 'fr'): NoteContent => ({
  contributionId: id,
  ...base,
  title: translations[main]?.title ?? '',
  body: translations[main]?.body ?? {},
  translations,
  langInNote: Object.keys(translations),
});

describe('multilanguage notes (decider)', () => {
  it('contributes every language; the title and body are those of the main (default) language', () => {
    spec
      .given([created()])
      .when(saveIn(written))
      .then([{ type: 'NoteContributed', data: contributed(written) }]);
  });

  it('falls back to the first written language when the default one is missing', () => {
    const onlyEn = { en: written.en } as NoteTranslations;
    spec
      .given([created()])
      .when(saveIn(onlyEn, 'fr'))
      .then([{ type: 'NoteContributed', data: contributed(onlyEn, 'en') }]);
  });

  it('refuses a language without a title, naming translations.{lang}.title', () => {
    const error = spec
      .given([activeNote])
      .when(saveIn({ ...written, en: { title: '  ', body: en } }))
      .thenThrows(ValidationError, ObjectMessages.titleRequired);
    expect((error as ValidationError).errors).toEqual([
      { field: 'translations.en.title', message: ObjectMessages.titleRequired, messageCode: 'objects.titleRequired' },
    ]);
  });

  it('refuses a key that is not a language code (it would overwrite data.body)', () => {
    const error = spec
      .given([activeNote])
      .when(saveIn({ body: { title: 'x', body: fr } }))
      .thenThrows(ValidationError);
    expect((error as ValidationError).errors?.[0]?.field).toBe('translations.body');
  });

  it('makes supports of every language links, once each', () => {
    const withSupport = {
      fr: { title: 'Soleil', body: doc(paragraph(supportNode('parce que'))) },
      en: { title: 'Sun', body: doc(paragraph(supportNode('because'))) },
    };
    const events = contributionDecider.decide(saveIn(withSupport), [activeNote].reduce(evolveContribution, initialContributionState()));
    const links = events.filter((event) => event.type === 'LinkCreated');
    expect(links).toHaveLength(2);
    const saved = events[0];
    expect(saved?.type).toBe('NoteSaved');
    if (saved?.type !== 'NoteSaved') return;
    expect(saved.data.translations?.fr?.body).toEqual(doc(paragraph(supportNode('parce que', linkId(1)))));
    expect(saved.data.body).toEqual(saved.data.translations?.fr?.body);
  });

  it('writes nothing when every language is unchanged, and a NoteSaved when one language changes', () => {
    const first: ContributionEvent = { type: 'NoteSaved', data: contributed(written) };
    spec.given([activeNote, first]).when(saveIn(written)).thenNothingHappens();
    const changed = { ...written, en: { title: 'Sun', body: doc(paragraph(text('the hot sun'))) } };
    spec
      .given([activeNote, first])
      .when(saveIn(changed))
      .then([{ type: 'NoteSaved', data: contributed(changed) }]);
  });

  it('folds data[lang], data[lang_title] and langInNote, removing a language no longer written', () => {
    const first: ContributionEvent = { type: 'NoteSaved', data: contributed(written) };
    const onlyFr = { fr: written.fr } as NoteTranslations;
    const second: ContributionEvent = { type: 'NoteSaved', data: contributed(onlyFr) };
    const state = [activeNote, first, second].reduce(evolveContribution, initialContributionState());
    expect(state.status === 'created' && state.data).toMatchObject({ fr, fr_title: 'Soleil', langInNote: ['fr'], body: fr });
    expect(state.status === 'created' && 'en' in state.data).toBe(false);
  });

  it('keeps the languages when a save carries none (plugin off or an older client)', () => {
    const first: ContributionEvent = { type: 'NoteSaved', data: contributed(written) };
    const plain: ContributionEvent = { type: 'NoteSaved', data: { contributionId: id, ...base, title: 'Soleil', body: fr } };
    const state = [activeNote, first, plain].reduce(evolveContribution, initialContributionState());
    expect(state.status === 'created' && state.data.en).toEqual(en);
  });
});

describe('templates (decider)', () => {
  const scaffold = created({ type: 'Scaffold', status: 'active', title: 'Theory' });
  it('marks a scaffold as a template, once', () => {
    spec
      .given([scaffold])
      .when({ type: 'SetScaffoldTemplate', data: { isTemplate: true } })
      .then([{ type: 'ScaffoldTemplateChanged', data: { contributionId: id, isTemplate: true } }]);
    spec
      .given([scaffold, { type: 'ScaffoldTemplateChanged', data: { contributionId: id, isTemplate: true } }])
      .when({ type: 'SetScaffoldTemplate', data: { isTemplate: true } })
      .thenNothingHappens();
  });

  it('refuses anything but a scaffold', () => {
    spec
      .given([activeNote])
      .when({ type: 'SetScaffoldTemplate', data: { isTemplate: true } })
      .thenThrows(IllegalStateError, TemplateMessages.notAScaffold);
  });
});

describe('multilanguage rules (contracts)', () => {
  it('offers the default language first, none when the plugin is off', () => {
    expect(noteLanguagesOf({ plugins: { multilanguage: true }, defaultLang: 'fr', languages: ['en', 'fr', 'bad code'] })).toEqual([
      'fr',
      'en',
    ]);
    expect(noteLanguagesOf({ plugins: { multilanguage: false }, defaultLang: 'fr', languages: ['en'] })).toEqual([]);
  });

  it("shows the reader's language, else the default, else the main version", () => {
    expect(languageShown(['fr', 'en'], 'en', 'fr')).toBe('en');
    expect(languageShown(['fr'], 'en', 'fr')).toBe('fr');
    expect(languageShown(['es'], 'en', 'fr')).toBeNull();
    expect(titleIn({ title: 'Soleil', titles: { fr: 'Soleil', en: 'Sun' }, langInNote: ['fr', 'en'] }, 'en', 'fr')).toBe('Sun');
    expect(titleIn({ title: 'Soleil', langInNote: [] }, 'en', 'fr')).toBe('Soleil');
  });

  it('round-trips translations through the stored data', () => {
    const data = withTranslations({ body: fr }, [], written);
    expect(translationsOf({ langInNote: ['fr', 'en'], data })).toEqual(written);
  });
});
