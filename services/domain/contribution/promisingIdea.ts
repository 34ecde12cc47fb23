import type { ContributionEvent, PromisingIdeaEdited } from '../../../contracts/events/contribution.ts';
import { msg } from '../../../contracts/messageCodes.ts';
import type { PromisingIdeaColour } from '../../../contracts/promisingIdeas.ts';
import { NotFoundError } from '../../core/errors.ts';
import type { ContributionState } from './state.ts';

/**
 * Editing a promising idea (issue 14 §3, spec part 1 §8: its creator or a
 * manager — the caller checked who). Its reason and colour change, and so
 * does their copy on its `promisings` link (fact sheet §1.3: the link holds
 * a copy of the idea's data). The idea text stays the passage it marks.
 * Pure; an edit that changes nothing appends nothing.
 */
export type EditPromisingIdea = { type: 'EditPromisingIdea'; data: { reason: string; color: PromisingIdeaColour } };

export const isPromisingIdeaCommand = (command: { type: string }): command is EditPromisingIdea => command.type === 'EditPromisingIdea';

type Created = Extract<ContributionState, { status: 'created' }>;

export const decidePromisingIdea = (command: EditPromisingIdea, state: ContributionState): ContributionEvent[] => {
  if (state.status !== 'created' || state.type !== 'promisingIdeaobj' || state.contributionStatus !== 'active') {
    throw new NotFoundError(msg('promisingIdeas.notFound'));
  }
  const { reason, color } = command.data;
  if (state.data.reason === reason && state.data.color === color) return [];
  const contributionId = state.contributionId;
  const links = Object.values(state.links).filter((link) => link.type === 'promisings');
  return [
    { type: 'PromisingIdeaEdited', data: { contributionId, reason, color } },
    ...links.map((link): ContributionEvent => ({
      type: 'LinkUpdated',
      data: { linkId: link.linkId, from: contributionId, data: { reason, color } },
    })),
  ];
};

/** Folds an idea's edit into the decider's state. */
export const evolvePromisingIdea = (state: Created, event: PromisingIdeaEdited): Created => ({
  ...state,
  data: { ...state.data, reason: event.data.reason, color: event.data.color },
});
