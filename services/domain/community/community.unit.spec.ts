import { describe, expect, it } from 'vitest';
import type { CommunityCreated, CommunityEvent } from '../../../contracts/events/community.ts';
import { CommunityMessages } from '../../../contracts/catalogs/community.ts';
import { deciderSpec } from '../../../tests/support/deciderSpec.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../core/errors.ts';
import { communityDecider, CommunityErrors } from './community.ts';

const spec = deciderSpec(communityDecider);
const communityId = '64d0000000000000000000c1';

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
    scaffoldIds: ['64d0000000000000000000s1', '64d0000000000000000000s2'],
  },
};

describe('community decider', () => {
  describe('CreateCommunity', () => {
    it('creates with trimmed title and keys', () => {
      spec
        .given([])
        .when({ type: 'CreateCommunity', data: { ...created.data, title: ' Grade 5 ', registrationKey: 'writer-key ' } })
        .then([created]);
    });

    it('names every blank field with the spec messages', () => {
      const error = spec
        .given([])
        .when({ type: 'CreateCommunity', data: { ...created.data, title: ' ', registrationKey: '', managerRegistrationKey: '' } })
        .thenThrows(ValidationError, CommunityMessages.titleRequired);
      expect((error as ValidationError).errors).toEqual([
        { field: 'title', message: 'Title must be input', messageCode: 'community.titleRequired' },
        { field: 'registrationKey', message: 'RegistrationKey must be input', messageCode: 'community.registrationKeyRequired' },
        { field: 'managerRegistrationKey', message: 'RegistrationKey must be input', messageCode: 'community.registrationKeyRequired' },
      ]);
    });

    it('refuses a second creation', () => {
      spec.given([created]).when({ type: 'CreateCommunity', data: created.data }).thenThrows(ConflictError, CommunityErrors.alreadyExists);
    });
  });

  describe('UpdateCommunity', () => {
    it('emits only the changed fields', () => {
      spec
        .given([created])
        .when({ type: 'UpdateCommunity', data: { title: 'Grade 5', registrationKey: 'new-key', archived: true } })
        .then([{ type: 'CommunityUpdated', data: { communityId, registrationKey: 'new-key', archived: true } }]);
      spec
        .given([created])
        .when({ type: 'UpdateCommunity', data: { title: 'Grade 5', archived: false } })
        .thenNothingHappens();
    });

    it('refuses a blank title or key', () => {
      spec
        .given([created])
        .when({ type: 'UpdateCommunity', data: { title: '' } })
        .thenThrows(ValidationError, CommunityMessages.titleRequired);
      spec
        .given([created])
        .when({ type: 'UpdateCommunity', data: { managerRegistrationKey: ' ' } })
        .thenThrows(ValidationError, CommunityMessages.registrationKeyRequired);
    });

    it('refuses an unknown community', () => {
      spec
        .given([])
        .when({ type: 'UpdateCommunity', data: { title: 'x' } })
        .thenThrows(NotFoundError);
    });
  });

  describe('views, scaffolds and language', () => {
    const view2 = '64d0000000000000000000v2';
    it('registers a view once and unregisters it', () => {
      const registered: CommunityEvent = { type: 'CommunityViewRegistered', data: { communityId, viewId: view2 } };
      spec
        .given([created])
        .when({ type: 'RegisterView', data: { viewId: view2 } })
        .then([registered]);
      spec
        .given([created, registered])
        .when({ type: 'RegisterView', data: { viewId: view2 } })
        .thenNothingHappens();
      spec
        .given([created, registered])
        .when({ type: 'UnregisterView', data: { viewId: view2 } })
        .then([{ type: 'CommunityViewUnregistered', data: { communityId, viewId: view2 } }]);
      spec
        .given([created])
        .when({ type: 'UnregisterView', data: { viewId: view2 } })
        .thenNothingHappens();
    });

    it('registers a scaffold once', () => {
      spec
        .given([created])
        .when({ type: 'RegisterScaffold', data: { scaffoldId: created.data.scaffoldIds[0] ?? '' } })
        .thenNothingHappens();
      spec
        .given([created])
        .when({ type: 'RegisterScaffold', data: { scaffoldId: 'new' } })
        .then([{ type: 'CommunityScaffoldRegistered', data: { communityId, scaffoldId: 'new' } }]);
    });

    it('changes the language only when it differs', () => {
      const changed: CommunityEvent = { type: 'CommunityLanguageChanged', data: { communityId, lang: 'fr' } };
      spec
        .given([created])
        .when({ type: 'ChangeCommunityLanguage', data: { lang: 'fr' } })
        .then([changed]);
      spec
        .given([created, changed])
        .when({ type: 'ChangeCommunityLanguage', data: { lang: 'fr' } })
        .thenNothingHappens();
    });
  });
});
