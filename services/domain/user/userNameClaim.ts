import type { UserNameClaimEvent } from '../../../contracts/events/user.ts';
import type { Decider } from '../../core/decider.ts';
import { ConflictError } from '../../core/errors.ts';
import { msg } from '../../../contracts/messageCodes.ts';

/**
 * One stream per lower-cased user name makes names unique without a second
 * database: appending to it with the revision we read is the lock.
 */
export type UserNameClaimState = { ownerId: string | null };

export type ClaimUserName = {
  type: 'ClaimUserName';
  data: {
    userName: string;
    userId: string;
    /**
     * Whether the current owner's registration exists. A claim whose user was
     * never registered (the process died between the two appends, so nobody
     * got a success reply) may be taken over.
     */
    currentOwnerRegistered: boolean;
  };
};

export const decideUserNameClaim = ({ data }: ClaimUserName, state: UserNameClaimState): UserNameClaimEvent[] => {
  if (state.ownerId === data.userId) return [];
  if (state.ownerId !== null && data.currentOwnerRegistered) {
    throw ConflictError.field('userName', msg('messages.userNameTaken'));
  }
  return [{ type: 'UserNameClaimed', data: { userName: data.userName, userId: data.userId } }];
};

export const userNameClaimDecider: Decider<UserNameClaimState, ClaimUserName, UserNameClaimEvent> = {
  initialState: () => ({ ownerId: null }),
  evolve: (_state, event) => ({ ownerId: event.data.userId }),
  decide: decideUserNameClaim,
};
