import type { GlobalRole, InterfaceLanguage, UserEvent } from '../../../contracts/events/user.ts';

/** What the user aggregate needs to decide; profile fields live in the read model. */
export type UserState =
  | { status: 'none' }
  | {
      status: 'registered';
      userId: string;
      userName: string;
      passwordHash: string;
      role: GlobalRole;
      lang: InterfaceLanguage;
      loginBlocked: boolean;
      /** ISO instant: tokens issued before it are refused (password change, block). */
      tokensValidAfter: string | null;
    };

export const initialUserState = (): UserState => ({ status: 'none' });

/** `at` comes from the event metadata when folding recorded events. */
export const evolveUser = (state: UserState, event: UserEvent & { metadata?: { at: string } }): UserState => {
  const at = event.metadata?.at ?? null;
  switch (event.type) {
    case 'UserRegistered':
      return {
        status: 'registered',
        userId: event.data.userId,
        userName: event.data.userName,
        passwordHash: event.data.passwordHash,
        role: event.data.role,
        lang: event.data.lang,
        loginBlocked: false,
        tokensValidAfter: null,
      };
  }
  if (state.status !== 'registered') return state;
  switch (event.type) {
    case 'UserPasswordChanged':
      return { ...state, passwordHash: event.data.passwordHash, tokensValidAfter: at ?? state.tokensValidAfter };
    case 'UserLanguageChanged':
      return { ...state, lang: event.data.lang };
    case 'UserRoleChanged':
      return { ...state, role: event.data.role };
    case 'UserLoginBlocked':
      return { ...state, loginBlocked: true, tokensValidAfter: at ?? state.tokensValidAfter };
    case 'UserLoginUnblocked':
      return { ...state, loginBlocked: false };
    default:
      return state;
  }
};
