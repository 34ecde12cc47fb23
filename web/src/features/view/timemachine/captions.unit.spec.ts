import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { timeMachineStepActions, type TimeMachineStepAction } from '../../../../../contracts/api/timemachine.ts';
import { languages } from '../../../i18n/languages.ts';
import { locales } from '../../../i18n/resources.ts';
import { captionOf, phrasesOf, type CaptionStep } from './captions.ts';

/** Issue 21 §8: captions say what happened, in the reader's language. */

const step = (action: TimeMachineStepAction, title: string, other: string | null = null, actorName = 'Léa'): CaptionStep => ({
  action,
  title,
  contributionId: `id-${title}`,
  actorName,
  other: other === null ? null : { contributionId: `id-${other}`, title: other },
});

const t = i18next.createInstance();
beforeAll(async () => {
  await t.init({
    resources: Object.fromEntries(Object.entries(locales).map(([lang, translation]) => [lang, { translation }])),
    lng: 'fr',
    fallbackLng: 'fr',
    interpolation: { escapeValue: false },
  });
});

describe('time machine captions', () => {
  it('tells a rise-above as the synthesis created, then the notes moved into it, not deleted', () => {
    const steps = [
      step('movedInto', 'La glace flotte', 'Densité'),
      step('movedInto', 'Plus légère', 'Densité'),
      step('risenAbove', 'Densité'),
    ];
    expect(phrasesOf(steps).map((p) => [p.action, p.titles, p.other])).toEqual([
      ['risenAbove', ['Densité'], null],
      ['movedInto', ['La glace flotte', 'Plus légère'], 'Densité'],
    ]);
    expect(captionOf(t.t, 'fr', steps)).toBe('Léa a créé la synthèse « Densité » et y a déplacé « La glace flotte » et « Plus légère »');
    // With something else in the same action, each part in its own phrase.
    expect(captionOf(t.t, 'fr', [...steps, step('moved', 'Question')])).toBe(
      'Léa a créé la synthèse « Densité » et y a déplacé « La glace flotte » et « Plus légère » ; Léa a déplacé « Question »',
    );
    // Notes moved into a rise-above made earlier: the move alone.
    expect(captionOf(t.t, 'fr', steps.slice(0, 2))).toBe(
      'Léa a déplacé « La glace flotte » et « Plus légère » dans la synthèse « Densité »',
    );
    expect(captionOf(t.t, 'fr', [steps[0]!])).toBe('Léa a déplacé « La glace flotte » dans la synthèse « Densité »');
    expect(captionOf(t.t, 'fr', [steps[0]!])).not.toContain('supprimé');
  });

  it('names the note built on, the old title, and someone when the actor is unknown', () => {
    expect(captionOf(t.t, 'fr', [step('builtOn', 'Comme un glaçon', 'Pourquoi ?')])).toBe(
      'Léa a élaboré « Comme un glaçon » à partir de « Pourquoi ? »',
    );
    const retitled: CaptionStep = { ...step('retitled', 'Nouveau'), before: { _to: { title: 'Ancien' } } as CaptionStep['before'] };
    expect(captionOf(t.t, 'fr', [retitled])).toBe('Léa a renommé « Ancien » en « Nouveau »');
    expect(captionOf(t.t, 'fr', [step('moved', '', null, '')])).toBe("quelqu'un a déplacé (sans titre)");
    expect(captionOf(t.t, 'fr', [step('unlinked', 'A')])).toBe('Léa a retiré le lien entre « A » et une autre contribution');
  });

  it('has a meaningful caption for every action in every language, with no key left untranslated', async () => {
    for (const lang of languages) {
      await t.changeLanguage(lang);
      for (const action of timeMachineStepActions) {
        const caption = captionOf(t.t, lang === 'cn' ? 'zh-Hant' : lang.replace('_', '-'), [step(action, 'Titre', 'Autre')]);
        expect(caption, `${lang} ${action}`).toContain('Titre');
        expect(caption, `${lang} ${action}`).not.toMatch(/canvas\.|{{|}}/);
      }
    }
    await t.changeLanguage('en');
    expect(captionOf(t.t, 'en', [step('movedInto', 'A', 'R'), step('movedInto', 'B', 'R')])).toBe(
      'Léa moved “A” and “B” into the rise-above “R”',
    );
    expect(captionOf(t.t, 'en', [step('movedInto', 'A', 'R'), step('risenAbove', 'R')])).toBe(
      'Léa created the rise-above “R” and moved “A” into it',
    );
    await t.changeLanguage('fr');
  });
});
