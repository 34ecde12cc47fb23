import type { Event } from './event.ts';

export const userStreamName = (userId: string): string => `user-${userId}`;

/**
 * The reservation stream that makes user names unique (case-insensitively)
 * without a second database: the first append with `no_stream` wins.
 * `key` is a hex digest of the lower-cased user name.
 */
export const userNameClaimStreamName = (key: string): string => `usernameclaim-${key}`;

export type GlobalRole = 'user' | 'admin';

/** Interface languages of the spec; French is the default and fallback. */
export const interfaceLanguages = ['fr', 'en', 'es', 'it', 'fi', 'pt', 'cn', 'ja', 'zh_CN'] as const;
export type InterfaceLanguage = (typeof interfaceLanguages)[number];

export type UserRegistered = Event<
  'UserRegistered',
  {
    userId: string;
    userName: string;
    email: string;
    firstName: string;
    lastName: string;
    /** argon2id PHC string; never leaves the server. */
    passwordHash: string;
    role: GlobalRole;
    lang: InterfaceLanguage;
    /** `oidc`, `ldap`: created at a first sign-in through that directory (issue 18 §1–2). */
    provider: 'local' | 'operator' | 'csv' | 'oidc' | 'ldap';
    /** Accounts a manager created with the user CSV: the community whose CSV it was. */
    createdInCommunity?: string;
  }
>;

export type UserPasswordChanged = Event<
  'UserPasswordChanged',
  { userId: string; passwordHash: string; by: 'self' | 'admin' | 'manager' | 'operator' }
>;

export type UserProfileUpdated = Event<'UserProfileUpdated', { userId: string; email?: string; firstName?: string; lastName?: string }>;

export type UserLanguageChanged = Event<'UserLanguageChanged', { userId: string; lang: InterfaceLanguage }>;

export type UserRoleChanged = Event<'UserRoleChanged', { userId: string; role: GlobalRole }>;

export type UserLoginBlocked = Event<'UserLoginBlocked', { userId: string }>;
export type UserLoginUnblocked = Event<'UserLoginUnblocked', { userId: string }>;
/** Issue 20 §5: one session (token `tokenId`, valid until `expiresAt`) was logged out. */
export type UserSessionEnded = Event<
  'UserSessionEnded',
  {
    userId: string;
    tokenId: string;
    expiresAt: string;
    /**
     * Issue 17 §4: why (absent on older events: a logout). `self`: the user ended it from their
     * sessions list; `admin`: an admin ended the user's sessions; `refreshed`: the token was rotated.
     */
    reason?: SessionEndReason;
    /** Every token of the user issued before this event is refused (an admin's "end all sessions"). */
    allSessions?: boolean;
  }
>;
export type SessionEndReason = 'logout' | 'self' | 'admin' | 'refreshed';
/** Issue 17 §4: a token was issued at login, registration, password change or refresh. */
export type UserSessionStarted = Event<
  'UserSessionStarted',
  {
    userId: string;
    tokenId: string;
    expiresAt: string;
    /** A short summary of the browser ("Firefox on Linux"), never the whole header. */
    userAgent: string;
    address: string;
    /** A refreshed token continues the session begun then. */
    startedAt?: string;
  }
>;

export type UserEvent =
  | UserRegistered
  | UserPasswordChanged
  | UserProfileUpdated
  | UserLanguageChanged
  | UserRoleChanged
  | UserLoginBlocked
  | UserLoginUnblocked
  | UserSessionEnded
  | UserSessionStarted;

export type UserNameClaimed = Event<'UserNameClaimed', { userName: string; userId: string }>;
export type UserNameClaimEvent = UserNameClaimed;
