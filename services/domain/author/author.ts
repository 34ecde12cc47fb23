import type { AuthorEvent, AuthorJoined, CommunityRole } from '../../../contracts/events/author.ts';
import type { Decider } from '../../core/decider.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../core/errors.ts';
import { msg } from '../../../contracts/messageCodes.ts';
import { sameRoleMessage } from './membership.ts';

/**
 * What a membership needs to decide. The e-mail and user name live in the read
 * model; names and order are kept so that a rename or an order change that
 * changes nothing writes nothing.
 */
export type AuthorState =
  | { status: 'none' }
  | {
      status: 'member';
      authorId: string;
      communityId: string;
      userId: string;
      role: CommunityRole;
      blockLogin: boolean;
      firstName: string;
      lastName: string;
      order: number;
    };

export type JoinCommunity = { type: 'JoinCommunity'; data: AuthorJoined['data'] };
export type ChangeAuthorRole = { type: 'ChangeAuthorRole'; data: { role: CommunityRole } };
export type SetAuthorLoginBlocked = { type: 'SetAuthorLoginBlocked'; data: { blocked: boolean } };
export type RenameAuthor = { type: 'RenameAuthor'; data: { firstName: string; lastName: string } };
export type SetAuthorOrder = { type: 'SetAuthorOrder'; data: { order: number } };
export type SetAuthorWorkspace = { type: 'SetAuthorWorkspace'; data: { viewId: string } };

export type AuthorCommand = JoinCommunity | ChangeAuthorRole | SetAuthorLoginBlocked | RenameAuthor | SetAuthorOrder | SetAuthorWorkspace;

export const evolveAuthor = (state: AuthorState, event: AuthorEvent): AuthorState => {
  if (event.type === 'AuthorJoined') {
    const { authorId, communityId, userId, role, firstName, lastName } = event.data;
    return { status: 'member', authorId, communityId, userId, role, blockLogin: false, firstName, lastName, order: 1 };
  }
  if (state.status !== 'member') return state;
  switch (event.type) {
    case 'AuthorRoleChanged':
      return { ...state, role: event.data.role };
    case 'AuthorLoginBlocked':
      return { ...state, blockLogin: true };
    case 'AuthorLoginUnblocked':
      return { ...state, blockLogin: false };
    case 'AuthorRenamed':
      return { ...state, firstName: event.data.firstName, lastName: event.data.lastName };
    case 'AuthorOrderChanged':
      return { ...state, order: event.data.order };
    default:
      return state;
  }
};

const member = (state: AuthorState) => {
  if (state.status !== 'member') throw new NotFoundError(msg('errors.authorNotFound'));
  return state;
};

/**
 * Membership rules that need only this membership. Rules that need the whole
 * community (the last manager, the owner, oneself) are checked by the use case
 * before it sends `ChangeAuthorRole`.
 */
export const decideAuthor = (command: AuthorCommand, state: AuthorState): AuthorEvent[] => {
  if (command.type === 'JoinCommunity') {
    if (state.status === 'member') throw new ConflictError(msg('community.joinAlreadyMember'));
    return [{ type: 'AuthorJoined', data: command.data }];
  }
  const author = member(state);
  const { authorId } = author;
  switch (command.type) {
    case 'ChangeAuthorRole':
      if (command.data.role === author.role) {
        throw new ConflictError(sameRoleMessage(command.data.role));
      }
      return [{ type: 'AuthorRoleChanged', data: { authorId, role: command.data.role } }];
    case 'SetAuthorLoginBlocked':
      if (command.data.blocked === author.blockLogin) return [];
      return [{ type: command.data.blocked ? 'AuthorLoginBlocked' : 'AuthorLoginUnblocked', data: { authorId } }];
    case 'RenameAuthor': {
      const firstName = command.data.firstName.trim();
      const lastName = command.data.lastName.trim();
      if (!firstName) throw ValidationError.field('firstName', msg('messages.firstNameRequired'));
      if (!lastName) throw ValidationError.field('lastName', msg('messages.lastNameRequired'));
      if (firstName === author.firstName && lastName === author.lastName) return [];
      return [{ type: 'AuthorRenamed', data: { authorId, firstName, lastName } }];
    }
    case 'SetAuthorOrder':
      if (command.data.order === author.order) return [];
      return [{ type: 'AuthorOrderChanged', data: { authorId, order: command.data.order } }];
    case 'SetAuthorWorkspace':
      return [{ type: 'AuthorWorkspaceSet', data: { authorId, viewId: command.data.viewId } }];
  }
};

export const authorDecider: Decider<AuthorState, AuthorCommand, AuthorEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: evolveAuthor,
  decide: decideAuthor,
};
