import { describe, expect, it } from 'vitest';
import type { ContributionEvent } from '../../../contracts/events/contribution.ts';
import { NotFoundError } from '../../core/errors.ts';
import { decideContribution } from './contribution.decide.ts';
import { evolveContribution, initialContributionState, type ContributionState } from './contribution.ts';

const ideaId = 'i'.repeat(24);
const linkId = 'l'.repeat(24);
const noteId = 'n'.repeat(24);

const fold = (events: ContributionEvent[]): ContributionState => events.reduce(evolveContribution, initialContributionState());

const idea = (type: 'promisingIdeaobj' | 'Note' = 'promisingIdeaobj'): ContributionEvent[] => [
  {
    type: 'ContributionCreated',
    data: {
      contributionId: ideaId,
      communityId: 'c'.repeat(24),
      type,
      title: '',
      status: 'active',
      permission: 'protected',
      authors: ['a'.repeat(24)],
      group: null,
      data: { idea: 'la lumière', reason: 'Une piste', color: 'yellow', noteId },
    } as Extract<ContributionEvent, { type: 'ContributionCreated' }>['data'],
  },
  { type: 'LinkCreated', data: { linkId, communityId: 'c'.repeat(24), from: ideaId, to: noteId, type: 'promisings', data: {} } },
];

describe('editing a promising idea (issue 14 §3)', () => {
  it('changes its reason and colour and their copy on its promisings link', () => {
    const events = decideContribution({ type: 'EditPromisingIdea', data: { reason: 'Mieux dit', color: 'blue' } }, fold(idea()));
    expect(events).toEqual([
      { type: 'PromisingIdeaEdited', data: { contributionId: ideaId, reason: 'Mieux dit', color: 'blue' } },
      { type: 'LinkUpdated', data: { linkId, from: ideaId, data: { reason: 'Mieux dit', color: 'blue' } } },
    ]);
    const after = fold([...idea(), ...events]);
    expect(after.status === 'created' && after.data).toMatchObject({ idea: 'la lumière', reason: 'Mieux dit', color: 'blue', noteId });
    expect(after.status === 'created' && after.links[linkId]?.data).toEqual({ reason: 'Mieux dit', color: 'blue' });
  });

  it('appends nothing when nothing changes', () => {
    expect(decideContribution({ type: 'EditPromisingIdea', data: { reason: 'Une piste', color: 'yellow' } }, fold(idea()))).toEqual([]);
  });

  it('refuses what is no active idea as not found', () => {
    const edit = { type: 'EditPromisingIdea', data: { reason: '', color: 'red' } } as const;
    expect(() => decideContribution(edit, fold(idea('Note')))).toThrow(NotFoundError);
    expect(() => decideContribution(edit, initialContributionState())).toThrow(NotFoundError);
    const deleted = fold([...idea(), { type: 'ContributionStatusChanged', data: { contributionId: ideaId, status: 'inactive' } }]);
    expect(() => decideContribution(edit, deleted)).toThrow(NotFoundError);
  });
});
