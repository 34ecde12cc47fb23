import { describe, it } from 'vitest';
import type { AuthorEvent, AuthorJoined } from '../../../contracts/events/author.ts';
import { CommunityMessages } from '../../../contracts/catalogs/community.ts';
import { Messages } from '../../../contracts/catalogs/messages.ts';
import { deciderSpec } from '../../../tests/support/deciderSpec.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../core/errors.ts';
import { authorDecider } from './author.ts';

const spec = deciderSpec(authorDecider);
const authorId = '64b0000000000000000000a1';

const joinData: AuthorJoined['data'] = {
  authorId,
  communityId: '64b0000000000000000000c1',
  userId: '64b000000000000000000001',
  role: 'writer',
  userName: 'marie.curie',
  firstName: 'Marie',
  lastName: 'Curie',
  email: 'marie@example.org',
  via: 'registrationKey',
};
const joined: AuthorJoined = { type: 'AuthorJoined', data: joinData };
const asManager: AuthorEvent[] = [{ ...joined, data: { ...joinData, role: 'manager', via: 'managerKey' } }];

describe('author decider', () => {
  describe('JoinCommunity', () => {
    it('joins a community with the role the key gave', () => {
      spec.given([]).when({ type: 'JoinCommunity', data: joinData }).then([joined]);
    });

    it('refuses a second join with the spec message', () => {
      spec.given([joined]).when({ type: 'JoinCommunity', data: joinData }).thenThrows(ConflictError, CommunityMessages.joinAlreadyMember);
    });
  });

  describe('When not a member', () => {
    it.each([
      { type: 'ChangeAuthorRole', data: { role: 'manager' } },
      { type: 'SetAuthorLoginBlocked', data: { blocked: true } },
      { type: 'RenameAuthor', data: { firstName: 'A', lastName: 'B' } },
      { type: 'SetAuthorOrder', data: { order: 2 } },
    ] as const)('refuses $type', (command) => {
      spec.given([]).when(command).thenThrows(NotFoundError);
    });
  });

  describe('ChangeAuthorRole', () => {
    it('promotes a writer', () => {
      spec
        .given([joined])
        .when({ type: 'ChangeAuthorRole', data: { role: 'manager' } })
        .then([{ type: 'AuthorRoleChanged', data: { authorId, role: 'manager' } }]);
    });

    it('demotes a manager', () => {
      spec
        .given(asManager)
        .when({ type: 'ChangeAuthorRole', data: { role: 'writer' } })
        .then([{ type: 'AuthorRoleChanged', data: { authorId, role: 'writer' } }]);
    });

    it("refuses to promote a manager: 'The author is already manager.'", () => {
      spec
        .given(asManager)
        .when({ type: 'ChangeAuthorRole', data: { role: 'manager' } })
        .thenThrows(ConflictError, CommunityMessages.alreadyManager);
    });

    it("refuses to demote a writer: 'The author is not a manager.'", () => {
      spec
        .given([joined])
        .when({ type: 'ChangeAuthorRole', data: { role: 'writer' } })
        .thenThrows(ConflictError, CommunityMessages.notManager);
    });

    it('follows earlier role changes', () => {
      spec
        .given([joined, { type: 'AuthorRoleChanged', data: { authorId, role: 'manager' } }])
        .when({ type: 'ChangeAuthorRole', data: { role: 'manager' } })
        .thenThrows(ConflictError, CommunityMessages.alreadyManager);
    });
  });

  describe('SetAuthorLoginBlocked', () => {
    it('blocks and then unblocks', () => {
      spec
        .given([joined])
        .when({ type: 'SetAuthorLoginBlocked', data: { blocked: true } })
        .then([{ type: 'AuthorLoginBlocked', data: { authorId } }]);
      spec
        .given([joined, { type: 'AuthorLoginBlocked', data: { authorId } }])
        .when({ type: 'SetAuthorLoginBlocked', data: { blocked: false } })
        .then([{ type: 'AuthorLoginUnblocked', data: { authorId } }]);
    });

    it('writes nothing when the state already matches', () => {
      spec
        .given([joined])
        .when({ type: 'SetAuthorLoginBlocked', data: { blocked: false } })
        .thenNothingHappens();
      spec
        .given([joined, { type: 'AuthorLoginBlocked', data: { authorId } }])
        .when({ type: 'SetAuthorLoginBlocked', data: { blocked: true } })
        .thenNothingHappens();
    });
  });

  describe('RenameAuthor', () => {
    it('renames with trimmed names', () => {
      spec
        .given([joined])
        .when({ type: 'RenameAuthor', data: { firstName: ' Maria ', lastName: ' Skłodowska ' } })
        .then([{ type: 'AuthorRenamed', data: { authorId, firstName: 'Maria', lastName: 'Skłodowska' } }]);
    });

    it('writes nothing when the names are unchanged', () => {
      spec
        .given([joined])
        .when({ type: 'RenameAuthor', data: { firstName: 'Marie ', lastName: 'Curie' } })
        .thenNothingHappens();
      spec
        .given([joined, { type: 'AuthorRenamed', data: { authorId, firstName: 'Maria', lastName: 'C' } }])
        .when({ type: 'RenameAuthor', data: { firstName: 'Maria', lastName: 'C' } })
        .thenNothingHappens();
    });

    it('refuses empty names', () => {
      spec
        .given([joined])
        .when({ type: 'RenameAuthor', data: { firstName: ' ', lastName: 'C' } })
        .thenThrows(ValidationError, Messages.firstNameRequired);
      spec
        .given([joined])
        .when({ type: 'RenameAuthor', data: { firstName: 'M', lastName: '' } })
        .thenThrows(ValidationError, Messages.lastNameRequired);
    });
  });

  describe('SetAuthorOrder', () => {
    it('changes the order, and writes nothing for the same order', () => {
      spec
        .given([joined])
        .when({ type: 'SetAuthorOrder', data: { order: 3 } })
        .then([{ type: 'AuthorOrderChanged', data: { authorId, order: 3 } }]);
      spec
        .given([joined])
        .when({ type: 'SetAuthorOrder', data: { order: 1 } })
        .thenNothingHappens();
    });
  });

  describe('SetAuthorWorkspace', () => {
    it('records the workspace view', () => {
      const viewId = '64b0000000000000000000f1';
      spec
        .given([joined])
        .when({ type: 'SetAuthorWorkspace', data: { viewId } })
        .then([{ type: 'AuthorWorkspaceSet', data: { authorId, viewId } }]);
    });
  });
});
