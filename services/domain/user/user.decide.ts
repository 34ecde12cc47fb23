import type {
  GlobalRole,
  InterfaceLanguage,
  UserEvent,
  UserRegistered,
  UserSessionEnded,
  UserSessionStarted,
} from '../../../contracts/events/user.ts';
import { interfaceLanguages } from '../../../contracts/events/user.ts';
import { UserRules, checkUserName } from '../../../contracts/messages.ts';
import type { Decider } from '../../core/decider.ts';
import { IllegalStateError, NotFoundError, ValidationError } from '../../core/errors.ts';
import { evolveUser, initialUserState, type UserState } from './user.ts';
import { msg } from '../../../contracts/messageCodes.ts';

export type RegisterUser = {
  type: 'RegisterUser';
  data: Omit<UserRegistered['data'], 'email'> & { email: string };
};
export type ChangePassword = {
  type: 'ChangePassword';
  data: { passwordHash: string; by: 'self' | 'admin' | 'manager' | 'operator' };
};
export type UpdateProfile = {
  type: 'UpdateProfile';
  data: { email?: string; firstName?: string; lastName?: string };
};
export type ChangeLanguage = { type: 'ChangeLanguage'; data: { lang: InterfaceLanguage } };
export type ChangeRole = { type: 'ChangeRole'; data: { role: GlobalRole } };
export type SetLoginBlocked = { type: 'SetLoginBlocked'; data: { blocked: boolean } };
export type EndSession = { type: 'EndSession'; data: Omit<UserSessionEnded['data'], 'userId'> };
export type StartSession = { type: 'StartSession'; data: Omit<UserSessionStarted['data'], 'userId'> };
/** Token rotation (issue 17 §4): the new token's session starts and the old token's ends, in one append. */
export type RefreshSession = {
  type: 'RefreshSession';
  data: { ended: { tokenId: string; expiresAt: string }; started: Omit<UserSessionStarted['data'], 'userId'> };
};

export type UserCommand =
  | RegisterUser
  | ChangePassword
  | UpdateProfile
  | ChangeLanguage
  | ChangeRole
  | SetLoginBlocked
  | EndSession
  | StartSession
  | RefreshSession;

const registered = (state: UserState) => {
  if (state.status !== 'registered') throw new NotFoundError(msg('errors.userNotFound'));
  return state;
};

export const registerUser = ({ data }: RegisterUser, state: UserState): UserEvent[] => {
  if (state.status === 'registered') throw new IllegalStateError(msg('errors.userAlreadyRegistered'));
  const userNameMessage = checkUserName(data.userName);
  if (userNameMessage) throw ValidationError.field('userName', userNameMessage);
  const email = data.email.trim().toLowerCase();
  if (!UserRules.emailPattern.test(email)) throw ValidationError.field('email', msg('messages.emailInvalid'));
  if (!data.firstName.trim()) throw ValidationError.field('firstName', msg('messages.firstNameRequired'));
  if (!data.lastName.trim()) throw ValidationError.field('lastName', msg('messages.lastNameRequired'));
  return [
    {
      type: 'UserRegistered',
      data: { ...data, email, firstName: data.firstName.trim(), lastName: data.lastName.trim() },
    },
  ];
};

export const changePassword = ({ data }: ChangePassword, state: UserState): UserEvent[] => {
  const user = registered(state);
  return [{ type: 'UserPasswordChanged', data: { userId: user.userId, ...data } }];
};

export const updateProfile = ({ data }: UpdateProfile, state: UserState): UserEvent[] => {
  const user = registered(state);
  const change: { email?: string; firstName?: string; lastName?: string } = {};
  if (data.email !== undefined) {
    const email = data.email.trim().toLowerCase();
    if (!UserRules.emailPattern.test(email)) throw ValidationError.field('email', msg('messages.emailInvalid'));
    change.email = email;
  }
  if (data.firstName !== undefined) {
    if (!data.firstName.trim()) throw ValidationError.field('firstName', msg('messages.firstNameRequired'));
    change.firstName = data.firstName.trim();
  }
  if (data.lastName !== undefined) {
    if (!data.lastName.trim()) throw ValidationError.field('lastName', msg('messages.lastNameRequired'));
    change.lastName = data.lastName.trim();
  }
  if (Object.keys(change).length === 0) return [];
  return [{ type: 'UserProfileUpdated', data: { userId: user.userId, ...change } }];
};

export const changeLanguage = ({ data }: ChangeLanguage, state: UserState): UserEvent[] => {
  const user = registered(state);
  if (!(interfaceLanguages as readonly string[]).includes(data.lang)) {
    throw ValidationError.field('lang', msg('errors.unsupportedLanguage', { lang: data.lang }));
  }
  if (user.lang === data.lang) return [];
  return [{ type: 'UserLanguageChanged', data: { userId: user.userId, lang: data.lang } }];
};

export const changeRole = ({ data }: ChangeRole, state: UserState): UserEvent[] => {
  const user = registered(state);
  if (user.role === data.role) return [];
  return [{ type: 'UserRoleChanged', data: { userId: user.userId, role: data.role } }];
};

export const setLoginBlocked = ({ data }: SetLoginBlocked, state: UserState): UserEvent[] => {
  const user = registered(state);
  if (user.loginBlocked === data.blocked) return [];
  return [{ type: data.blocked ? 'UserLoginBlocked' : 'UserLoginUnblocked', data: { userId: user.userId } }];
};

export const decideUser = (command: UserCommand, state: UserState): UserEvent[] => {
  switch (command.type) {
    case 'RegisterUser':
      return registerUser(command, state);
    case 'ChangePassword':
      return changePassword(command, state);
    case 'UpdateProfile':
      return updateProfile(command, state);
    case 'ChangeLanguage':
      return changeLanguage(command, state);
    case 'ChangeRole':
      return changeRole(command, state);
    case 'SetLoginBlocked':
      return setLoginBlocked(command, state);
    case 'EndSession':
      return [{ type: 'UserSessionEnded', data: { userId: registered(state).userId, ...command.data } }];
    case 'StartSession':
      return [{ type: 'UserSessionStarted', data: { userId: registered(state).userId, ...command.data } }];
    case 'RefreshSession': {
      const { userId } = registered(state);
      return [
        { type: 'UserSessionStarted', data: { userId, ...command.data.started } },
        { type: 'UserSessionEnded', data: { userId, ...command.data.ended, reason: 'refreshed' } },
      ];
    }
  }
};

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide: decideUser,
};
