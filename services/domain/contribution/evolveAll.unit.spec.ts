import { describe, expect, it } from 'vitest';
import type { ContributionEvent } from '../../../contracts/events/contribution.ts';
import { evolveContribution, evolveContributionAll, initialContributionState } from './contribution.ts';

const created: ContributionEvent = {
  type: 'ContributionCreated',
  data: {
    contributionId: 'v1',
    communityId: 'c1',
    type: 'View',
    title: 'A view',
    status: 'active',
    permission: 'public',
    authors: ['a1'],
    group: null,
    data: {},
  },
};
const link = (n: number): ContributionEvent => ({
  type: 'LinkCreated',
  data: { linkId: `l${n}`, communityId: 'c1', from: 'v1', to: `n${n}`, type: 'contains', data: { x: n, y: n } },
});

describe('evolveContributionAll (one fold of a whole stream)', () => {
  const events: ContributionEvent[] = [
    created,
    link(1),
    link(2),
    { type: 'ContributionRetitled', data: { contributionId: 'v1', title: 'Renamed' } },
    link(3),
    { type: 'LinkUpdated', data: { linkId: 'l2', from: 'v1', data: { x: 50 } } },
    { type: 'LinkDeleted', data: { linkId: 'l1', from: 'v1' } },
    { type: 'LinkUpdated', data: { linkId: 'missing', from: 'v1', data: { x: 1 } } },
  ] as ContributionEvent[];

  it('gives the same state as folding the events one by one', () => {
    expect(evolveContributionAll(initialContributionState(), events)).toEqual(
      events.reduce(evolveContribution, initialContributionState()),
    );
  });

  it('never mutates the state it starts from', () => {
    const before = events.slice(0, 5).reduce(evolveContribution, initialContributionState());
    const snapshot = structuredClone(before);
    const after = evolveContributionAll(before, events.slice(5));
    expect(before).toEqual(snapshot);
    expect(after).toEqual(events.reduce(evolveContribution, initialContributionState()));
  });

  it('folds a view of 20,000 refs in linear time (well under a second)', () => {
    const many = [created, ...Array.from({ length: 20_000 }, (_, n) => link(n))];
    const started = performance.now();
    const state = evolveContributionAll(initialContributionState(), many);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(state.status === 'created' ? Object.keys(state.links).length : 0).toBe(20_000);
  });
});
