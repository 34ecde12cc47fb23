import type { TFunction } from 'i18next';
import type { TimeMachineStep, TimeMachineStepAction } from '../../../../../contracts/api/timemachine.ts';
import type { ViewRef } from '../../../../../contracts/api/views.ts';

/**
 * Captions that say what happened (issue 21 §8): "Léa a déplacé « A » et
 * « B » dans la synthèse « Densité »", not "supprimé". A caption covers one
 * step, or the steps of one action played together (player.ts `groupEnds`):
 * steps with the same action and the same other contribution share one
 * phrase listing their titles; a rise-above's own creation comes first.
 */

/** What a caption reads of a step (a delta step's `before` gives a retitled note's old title). */
export type CaptionStep = Pick<TimeMachineStep, 'action' | 'other' | 'title' | 'actorName' | 'contributionId'> & {
  before?: ViewRef | null;
};

export type Phrase = {
  action: TimeMachineStepAction;
  /** Titles of the contributions concerned, in step order, each once. */
  titles: string[];
  /** Their ids, in the same order. */
  ids: string[];
  /** Their titles before (retitled). */
  before: string[];
  /** The other contribution's title (rise-above, view, note built on or linked), null when none may be named. */
  other: string | null;
  otherId: string | null;
};

/** Actions told before the others in a group: the rise-above exists before notes move into it. */
const first: ReadonlySet<TimeMachineStepAction> = new Set(['risenAbove']);

export const phrasesOf = (steps: readonly CaptionStep[]): Phrase[] => {
  const phrases = new Map<string, Phrase>();
  for (const step of steps) {
    const key = `${step.action}\u0000${step.other?.contributionId ?? ''}`;
    let phrase = phrases.get(key);
    if (!phrase) {
      phrase = {
        action: step.action,
        titles: [],
        ids: [],
        before: [],
        other: step.other?.title ?? null,
        otherId: step.other?.contributionId ?? null,
      };
      phrases.set(key, phrase);
    }
    if (!phrase.ids.includes(step.contributionId)) {
      phrase.ids.push(step.contributionId);
      phrase.titles.push(step.title);
    }
    const previous = step.before?._to.title;
    if (step.action === 'retitled' && previous !== undefined && !phrase.before.includes(previous)) phrase.before.push(previous);
  }
  const all = [...phrases.values()];
  return [...all.filter((p) => first.has(p.action)), ...all.filter((p) => !first.has(p.action))];
};

/** A title in the reader's quotation marks; an empty one as "(sans titre)", unquoted. */
const quote = (t: TFunction, title: string): string => (title ? t('canvas.timemachine.quoted', { title }) : t('canvas.untitled'));

/** Titles as a list in the reader's language: « A », « B » et « C ». */
const listOf = (t: TFunction, locale: string, titles: readonly string[]): string => {
  const quoted = titles.map((title) => quote(t, title));
  try {
    return new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(quoted);
  } catch {
    return quoted.join(', ');
  }
};

/** One caption for steps played together (all by the same person), without the time. */
export const captionOf = (t: TFunction, locale: string, steps: readonly CaptionStep[]): string => {
  const name = steps.find((step) => step.actorName)?.actorName || t('canvas.timemachine.someone');
  let phrases = phrasesOf(steps);
  const told: string[] = [];
  // A rise-above and the notes moved into it, in one sentence: "… a créé la synthèse « R » et y a déplacé « A » et « B »".
  const rise = phrases.find((p) => p.action === 'risenAbove' && p.ids.length === 1);
  const into = rise && phrases.find((p) => p.action === 'movedInto' && p.otherId === rise.ids[0]);
  if (rise && into) {
    told.push(
      t('canvas.timemachine.risenAboveWith', { name, titles: listOf(t, locale, rise.titles), moved: listOf(t, locale, into.titles) }),
    );
    phrases = phrases.filter((p) => p !== rise && p !== into);
  }
  const rest = phrases.map((phrase) =>
    t(`canvas.timemachine.did.${phrase.action}`, {
      name,
      titles: listOf(t, locale, phrase.titles),
      before: phrase.before.length > 0 ? listOf(t, locale, phrase.before) : t('canvas.timemachine.anotherTitle'),
      other: phrase.other === null ? t('canvas.timemachine.anotherContribution') : quote(t, phrase.other),
    }),
  );
  return [...told, ...rest].join(t('canvas.timemachine.separator'));
};
