import { describe, it } from 'vitest';
import type { CommunityCreated } from '../../../contracts/events/community.ts';
import { ErrorMessages } from '../../../contracts/catalogs/errors.ts';
import { deciderSpec } from '../../../tests/support/deciderSpec.ts';
import { ConflictError } from '../../core/errors.ts';
import { communityDecider } from './community.ts';

/** KF6's community save (issue 15): the registered views in a new order. */
const spec = deciderSpec(communityDecider);
const communityId = '64d0000000000000000000c1';
const [v1, v2, v3] = ['64d0000000000000000000v1', '64d0000000000000000000v2', '64d0000000000000000000v3'];
const created: CommunityCreated = {
  type: 'CommunityCreated',
  data: {
    communityId,
    title: 'Grade 5',
    registrationKey: 'writer-key',
    managerRegistrationKey: 'manager-key',
    createdBy: '64d0000000000000000000u1',
    rootContextId: '64d0000000000000000000x1',
    viewIds: [v1, v2, v3],
    scaffoldIds: [],
  },
};

describe('ReorderViews', () => {
  it('records the new order, and nothing when it is the same', () => {
    spec
      .given([created])
      .when({ type: 'ReorderViews', data: { viewIds: [v3, v1, v2] } })
      .then([{ type: 'CommunityViewsReordered', data: { communityId, viewIds: [v3, v1, v2] } }]);
    spec
      .given([created])
      .when({ type: 'ReorderViews', data: { viewIds: [v1, v2, v3] } })
      .then([]);
  });

  it('refuses an order that is stale (a view missing, repeated or unknown): 409', () => {
    for (const viewIds of [
      [v1, v2],
      [v1, v2, v2],
      [v1, v2, v3, '64d0000000000000000000v4'],
    ]) {
      spec.given([created]).when({ type: 'ReorderViews', data: { viewIds } }).thenThrows(ConflictError, ErrorMessages.conflict);
    }
  });

  it('after a reorder, the state holds the new order', () => {
    spec
      .given([created, { type: 'CommunityViewsReordered', data: { communityId, viewIds: [v3, v2, v1] } }])
      .when({ type: 'ReorderViews', data: { viewIds: [v3, v2, v1] } })
      .then([]);
  });
});
