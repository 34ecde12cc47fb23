import { describe, expect, it } from 'vitest';
import type { ContributionCreated, ContributionEvent } from '../../../contracts/events/contribution.ts';
import { CommunityMessages } from '../../../contracts/catalogs/community.ts';
import { deciderSpec } from '../../../tests/support/deciderSpec.ts';
import { ConflictError, IllegalStateError, NotFoundError, ValidationError } from '../../core/errors.ts';
import { batchDecider } from './batch.ts';
import { contributionDecider, ContributionErrors } from './contribution.decide.ts';
import { evolveContribution, initialContributionState } from './contribution.ts';

const spec = deciderSpec(contributionDecider);
const id = '64c000000000000000000001';
const communityId = '64c0000000000000000000c1';
const author = '64c0000000000000000000a1';
const other = '64c0000000000000000000a2';

/** A group (or, with overrides, any contribution); the type and data given together are taken as they are. */
const created = (overrides: Partial<Record<keyof ContributionCreated['data'], unknown>> = {}): ContributionCreated => ({
  type: 'ContributionCreated',
  data: {
    contributionId: id,
    communityId,
    type: 'Group',
    title: 'Team A',
    status: 'active',
    permission: 'protected',
    authors: [author],
    group: null,
    data: { members: [author] },
    ...overrides,
  } as ContributionCreated['data'],
});
const context = created({ type: 'Context', title: 'Community Setting: X', data: { freemode: false, plugins: { itm: false } } });
const link: ContributionEvent = {
  type: 'LinkCreated',
  data: { linkId: 'l1', communityId, from: id, to: 'target1', type: 'uses', data: { order: 1 } },
};

describe('contribution decider', () => {
  describe('CreateContribution', () => {
    it('creates with a trimmed title', () => {
      const event = created({ title: '  Team A ' });
      spec.given([]).when({ type: 'CreateContribution', data: event.data }).then([created()]);
    });

    it.each(['Context', 'View', 'Scaffold', 'Support', 'Group'] as const)('refuses an empty title for a %s (field title)', (type) => {
      const error = spec
        .given([])
        .when({ type: 'CreateContribution', data: created({ type, title: '   ' }).data })
        .thenThrows(ValidationError, CommunityMessages.titleRequired);
      expect((error as ValidationError).errors).toEqual([
        { field: 'title', message: CommunityMessages.titleRequired, messageCode: 'community.titleRequired' },
      ]);
    });

    it('lets a note start untitled', () => {
      const data = created({ type: 'Note', status: 'unsaved', title: '', data: {} }).data;
      spec
        .given([])
        .when({ type: 'CreateContribution', data })
        .then([{ type: 'ContributionCreated', data }]);
    });

    it('refuses a second creation of the same stream', () => {
      spec
        .given([created()])
        .when({ type: 'CreateContribution', data: created().data })
        .thenThrows(ConflictError, ContributionErrors.alreadyExists);
    });
  });

  describe('when the contribution does not exist', () => {
    it.each([
      { type: 'RetitleContribution', data: { title: 'x' } },
      { type: 'ChangeContributionStatus', data: { status: 'inactive' } },
      { type: 'AddGroupMember', data: { authorId: author } },
      { type: 'CreateLink', data: { linkId: 'l1', to: 'x', type: 'uses', data: {} } },
    ] as const)('refuses $type with 404', (command) => {
      spec.given([]).when(command).thenThrows(NotFoundError, ContributionErrors.notFound);
    });
  });

  describe('title and status', () => {
    it('retitles, and does nothing for the same title', () => {
      spec
        .given([created()])
        .when({ type: 'RetitleContribution', data: { title: ' Team B' } })
        .then([{ type: 'ContributionRetitled', data: { contributionId: id, title: 'Team B' } }]);
      spec
        .given([created()])
        .when({ type: 'RetitleContribution', data: { title: 'Team A ' } })
        .thenNothingHappens();
      spec
        .given([created()])
        .when({ type: 'RetitleContribution', data: { title: '' } })
        .thenThrows(ValidationError);
    });

    it('changes the status once (group removal = inactive)', () => {
      const inactive: ContributionEvent = { type: 'ContributionStatusChanged', data: { contributionId: id, status: 'inactive' } };
      spec
        .given([created()])
        .when({ type: 'ChangeContributionStatus', data: { status: 'inactive' } })
        .then([inactive]);
      spec
        .given([created(), inactive])
        .when({ type: 'ChangeContributionStatus', data: { status: 'inactive' } })
        .thenNothingHappens();
    });
  });

  describe('context settings', () => {
    it('replaces the whole data, never merges', () => {
      const data = { plugins: { itm: true } };
      spec
        .given([context])
        .when({ type: 'ChangeContextSettings', data: { data } })
        .then([{ type: 'ContextSettingsChanged', data: { contributionId: id, data } }]);
      const state = [context, { type: 'ContextSettingsChanged', data: { contributionId: id, data } } as ContributionEvent].reduce(
        evolveContribution,
        initialContributionState(),
      );
      expect(state.status === 'created' && state.data).toEqual({ plugins: { itm: true } });
    });

    it('does nothing when the data is the same', () => {
      spec
        .given([context])
        .when({ type: 'ChangeContextSettings', data: { data: context.data.data } })
        .thenNothingHappens();
    });

    it('refuses settings on anything but a context', () => {
      spec
        .given([created()])
        .when({ type: 'ChangeContextSettings', data: { data: {} } })
        .thenThrows(IllegalStateError, ContributionErrors.notAContext);
    });
  });

  describe('group members', () => {
    it('adds a member once and removes it', () => {
      const added: ContributionEvent = { type: 'GroupMemberAdded', data: { contributionId: id, authorId: other } };
      spec
        .given([created()])
        .when({ type: 'AddGroupMember', data: { authorId: other } })
        .then([added]);
      spec
        .given([created(), added])
        .when({ type: 'AddGroupMember', data: { authorId: other } })
        .thenNothingHappens();
      spec
        .given([created()])
        .when({ type: 'AddGroupMember', data: { authorId: author } })
        .thenNothingHappens();
      spec
        .given([created(), added])
        .when({ type: 'RemoveGroupMember', data: { authorId: other } })
        .then([{ type: 'GroupMemberRemoved', data: { contributionId: id, authorId: other } }]);
      spec
        .given([created()])
        .when({ type: 'RemoveGroupMember', data: { authorId: other } })
        .thenNothingHappens();
    });

    it('refuses members on anything but a group', () => {
      spec
        .given([context])
        .when({ type: 'AddGroupMember', data: { authorId: other } })
        .thenThrows(IllegalStateError, ContributionErrors.notAGroup);
      spec
        .given([context])
        .when({ type: 'RemoveGroupMember', data: { authorId: other } })
        .thenThrows(IllegalStateError);
    });
  });

  describe('links (stored in the stream of their from)', () => {
    it('creates a link from this contribution in its community', () => {
      spec
        .given([context])
        .when({ type: 'CreateLink', data: { linkId: 'l1', to: 'target1', type: 'uses', data: { order: 1 } } })
        .then([link]);
    });

    it('refuses a duplicate link id and a link to itself', () => {
      spec
        .given([context, link])
        .when({ type: 'CreateLink', data: { linkId: 'l1', to: 'x', type: 'uses', data: {} } })
        .thenThrows(ConflictError);
      spec
        .given([context])
        .when({ type: 'CreateLink', data: { linkId: 'l2', to: id, type: 'uses', data: {} } })
        .thenThrows(ValidationError);
    });

    it('updates only the data fields that change', () => {
      spec
        .given([context, link])
        .when({ type: 'UpdateLink', data: { linkId: 'l1', data: { order: 2, x: 5 } } })
        .then([{ type: 'LinkUpdated', data: { linkId: 'l1', from: id, data: { order: 2, x: 5 } } }]);
      spec
        .given([context, link])
        .when({ type: 'UpdateLink', data: { linkId: 'l1', data: { order: 1 } } })
        .thenNothingHappens();
    });

    it('keeps the other data fields after an update', () => {
      const updated: ContributionEvent = { type: 'LinkUpdated', data: { linkId: 'l1', from: id, data: { x: 5 } } };
      const state = [context, link, updated].reduce(evolveContribution, initialContributionState());
      expect(state.status === 'created' && state.links.l1?.data).toEqual({ order: 1, x: 5 });
    });

    it('deletes a link, after which it is unknown', () => {
      const deleted: ContributionEvent = { type: 'LinkDeleted', data: { linkId: 'l1', from: id } };
      spec
        .given([context, link])
        .when({ type: 'DeleteLink', data: { linkId: 'l1' } })
        .then([deleted]);
      spec
        .given([context, link, deleted])
        .when({ type: 'DeleteLink', data: { linkId: 'l1' } })
        .thenThrows(NotFoundError, ContributionErrors.linkNotFound);
      spec
        .given([context, link, deleted])
        .when({ type: 'UpdateLink', data: { linkId: 'l1', data: { order: 3 } } })
        .thenThrows(NotFoundError);
    });
  });
});

describe('batch of contribution commands', () => {
  const batch = deciderSpec(batchDecider(contributionDecider));
  it('decides each command on the state the previous ones left', () => {
    batch
      .given([])
      .when([
        { type: 'CreateContribution', data: context.data },
        { type: 'CreateLink', data: { linkId: 'l1', to: 'target1', type: 'uses', data: { order: 1 } } },
        { type: 'UpdateLink', data: { linkId: 'l1', data: { order: 2 } } },
      ])
      .then([context, link, { type: 'LinkUpdated', data: { linkId: 'l1', from: id, data: { order: 2 } } }]);
  });

  it('refuses the whole batch when one command is refused', () => {
    batch
      .given([context])
      .when([{ type: 'DeleteLink', data: { linkId: 'l1' } }])
      .thenThrows(NotFoundError);
  });
});
