import { describe, expect, it } from 'vitest';
import type { CommunityCreated } from '../../../contracts/events/community.ts';
import { CommunityMessages } from '../../../contracts/catalogs/community.ts';
import { deciderSpec } from '../../../tests/support/deciderSpec.ts';
import { ConflictError } from '../../core/errors.ts';
import { communityDecider } from './community.ts';
import { checkSupportOrder, nextSupportOrder } from './scaffolds.ts';

/** The scaffold manager's rules (issue 13 §5): unregister, save-order, support order. */

const spec = deciderSpec(communityDecider);
const communityId = '64d0000000000000000000c1';
const [s1, s2, s3] = ['64d0000000000000000000s1', '64d0000000000000000000s2', '64d0000000000000000000s3'];
const created: CommunityCreated = {
  type: 'CommunityCreated',
  data: {
    communityId,
    title: 'Grade 5',
    registrationKey: 'writer-key',
    managerRegistrationKey: 'manager-key',
    createdBy: '64d0000000000000000000u1',
    rootContextId: '64d0000000000000000000x1',
    viewIds: ['64d0000000000000000000v1'],
    scaffoldIds: [s1, s2],
  },
};
const registered3 = { type: 'CommunityScaffoldRegistered' as const, data: { communityId, scaffoldId: s3 } };

describe('community decider: scaffold list', () => {
  it('unregisters a registered scaffold, and nothing for one that is not', () => {
    spec
      .given([created])
      .when({ type: 'UnregisterScaffold', data: { scaffoldId: s1 } })
      .then([{ type: 'CommunityScaffoldUnregistered', data: { communityId, scaffoldId: s1 } }]);
    spec
      .given([created, { type: 'CommunityScaffoldUnregistered', data: { communityId, scaffoldId: s1 } }])
      .when({ type: 'UnregisterScaffold', data: { scaffoldId: s1 } })
      .thenNothingHappens();
  });

  it('saves a new order of all the scaffolds; the same order is no event', () => {
    spec
      .given([created, registered3])
      .when({ type: 'ReorderScaffolds', data: { scaffoldIds: [s3, s1, s2] } })
      .then([{ type: 'CommunityScaffoldsReordered', data: { communityId, scaffoldIds: [s3, s1, s2] } }]);
    spec
      .given([created, registered3])
      .when({ type: 'ReorderScaffolds', data: { scaffoldIds: [s1, s2, s3] } })
      .thenNothingHappens();
  });

  it('refuses a stale order: one missing, one unknown, one twice', () => {
    for (const scaffoldIds of [
      [s2, s1],
      [s2, s1, '64d0000000000000000000zz'],
      [s1, s1, s2],
    ]) {
      spec
        .given([created, registered3])
        .when({ type: 'ReorderScaffolds', data: { scaffoldIds } })
        .thenThrows(ConflictError, CommunityMessages.scaffoldOrderStale);
    }
  });

  it('folds the order: a scaffold registered after a reorder goes last', () => {
    const state = [
      created,
      registered3,
      { type: 'CommunityScaffoldsReordered' as const, data: { communityId, scaffoldIds: [s3, s2, s1] } },
    ].reduce(communityDecider.evolve, communityDecider.initialState());
    expect(state.status === 'created' && state.scaffolds).toEqual([s3, s2, s1]);
  });
});

describe('support order', () => {
  it('puts a new support after the last one (0 for the first)', () => {
    expect(nextSupportOrder([])).toBe(0);
    expect(nextSupportOrder([0, 1, 2])).toBe(3);
    expect(nextSupportOrder([100, 3])).toBe(101);
  });

  it('renumbers only the links that move, 0 … n−1', () => {
    const links = [
      { linkId: 'l1', supportId: 'a', order: 0 },
      { linkId: 'l2', supportId: 'b', order: 1 },
      { linkId: 'l3', supportId: 'c', order: 2 },
    ];
    expect(checkSupportOrder(links, ['a', 'c', 'b'])).toEqual([
      { linkId: 'l3', order: 1 },
      { linkId: 'l2', order: 2 },
    ]);
    expect(checkSupportOrder(links, ['a', 'b', 'c'])).toEqual([]);
  });

  it('refuses an order that does not name every support once', () => {
    const links = [
      { linkId: 'l1', supportId: 'a', order: 0 },
      { linkId: 'l2', supportId: 'b', order: 1 },
    ];
    for (const wanted of [['a'], ['a', 'a'], ['a', 'b', 'c'], ['a', 'x']]) {
      expect(() => checkSupportOrder(links, wanted)).toThrow(ConflictError);
    }
  });
});
