import type { RecordedEvent } from '../../contracts/events/event.ts';
import type { GlobalRole, InterfaceLanguage, UserEvent } from '../../contracts/events/user.ts';
import { evolveDocument, type Projection, type Versioned } from '../../services/core/projection.ts';
import type { Collection, Filter } from '../../services/core/readStore.ts';

/** The users read model. Password hashes never reach it. */
export type UserDocument = Versioned & {
  _id: string;
  userName: string;
  /** Lower-cased userName: logins and uniqueness ignore case. */
  userNameLower: string;
  email: string;
  firstName: string;
  lastName: string;
  role: GlobalRole;
  lang: InterfaceLanguage;
  blockLogin: boolean;
  provider: string;
  /** For accounts made by a community's user CSV: that community (absent on older accounts). */
  createdInCommunity?: string;
  created: string;
  modified: string;
  /** Tokens issued before this instant are refused (set by password changes and blocks). */
  tokensValidAfter: string | null;
  /** Logged-out tokens still within their lifetime (issue 20 §5); expired ones are dropped. */
  endedSessions?: { tokenId: string; expiresAt: string }[];
};

export const usersCollectionName = 'users';

const handled: UserEvent['type'][] = [
  'UserRegistered',
  'UserPasswordChanged',
  'UserProfileUpdated',
  'UserLanguageChanged',
  'UserRoleChanged',
  'UserLoginBlocked',
  'UserLoginUnblocked',
  'UserSessionEnded',
];

const evolve = (current: UserDocument | null, event: RecordedEvent<UserEvent>): Omit<UserDocument, '_position'> | null => {
  const at = event.metadata.at;
  if (event.type === 'UserRegistered') {
    const { data } = event;
    return {
      _id: data.userId,
      userName: data.userName,
      userNameLower: data.userName.toLowerCase(),
      email: data.email,
      firstName: data.firstName,
      lastName: data.lastName,
      role: data.role,
      lang: data.lang,
      blockLogin: false,
      provider: data.provider,
      ...(data.createdInCommunity ? { createdInCommunity: data.createdInCommunity } : {}),
      created: at,
      modified: at,
      tokensValidAfter: null,
    };
  }
  if (!current) return null;
  switch (event.type) {
    case 'UserPasswordChanged':
      return changed(current, { modified: at, tokensValidAfter: at });
    case 'UserProfileUpdated': {
      const { email = current.email, firstName = current.firstName, lastName = current.lastName } = event.data;
      return changed(current, { email, firstName, lastName, modified: at });
    }
    case 'UserLanguageChanged':
      return changed(current, { lang: event.data.lang, modified: at });
    case 'UserRoleChanged':
      return changed(current, { role: event.data.role, modified: at });
    case 'UserLoginBlocked':
      return changed(current, { blockLogin: true, tokensValidAfter: at, modified: at });
    case 'UserLoginUnblocked':
      return changed(current, { blockLogin: false, modified: at });
    case 'UserSessionEnded': {
      const { tokenId, expiresAt, allSessions } = event.data;
      // Issue 17 §4: an admin ending every session refuses every token issued so far.
      if (allSessions) return changed(current, { tokensValidAfter: at });
      const kept = (current.endedSessions ?? []).filter((session) => session.expiresAt > at && session.tokenId !== tokenId);
      return changed(current, { endedSessions: [...kept, { tokenId, expiresAt }] });
    }
    default:
      return current;
  }
};

/**
 * A new version of `user` with `changes`. Spelled out field by field: V8
 * copies a literal like this many times faster than `{...user, ...changes}`,
 * and a rebuild makes one copy per event of the log.
 */
const changed = (user: UserDocument, changes: Partial<Omit<UserDocument, '_id' | '_position'>>): Omit<UserDocument, '_position'> =>
  Object.assign(
    {
      _id: user._id,
      userName: user.userName,
      userNameLower: user.userNameLower,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      role: user.role,
      lang: user.lang,
      blockLogin: user.blockLogin,
      provider: user.provider,
      created: user.created,
      modified: user.modified,
      tokensValidAfter: user.tokensValidAfter,
    },
    user.createdInCommunity ? { createdInCommunity: user.createdInCommunity } : {},
    user.endedSessions ? { endedSessions: user.endedSessions } : {},
    changes,
  );

export const usersProjection: Projection = {
  name: 'users',
  version: 1,
  collections: [
    {
      name: usersCollectionName,
      indexes: [['role'], ['email']],
      unique: [['userNameLower']],
    },
  ],
  handles: handled,
  apply: async (event, context) => {
    const userEvent = event as RecordedEvent<UserEvent>;
    await evolveDocument(context.collection<UserDocument>(usersCollectionName), userEvent.data.userId, event, (current) =>
      evolve(current, userEvent),
    );
  },
};

// ---- queries -------------------------------------------------------------

export const getUserById = (users: Collection<UserDocument>, id: string): Promise<UserDocument | null> => users.get(id);

export const getUserByUserName = (users: Collection<UserDocument>, userName: string): Promise<UserDocument | null> =>
  users.findOne({ userNameLower: userName.toLowerCase() });

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The admin user list filter: a case-insensitive substring of the user name,
 * names or email (the input is escaped, never used as a raw pattern).
 */
export const userSearchFilter = (query: { filter?: string; role?: GlobalRole }): Filter => {
  const clauses: Filter[] = [];
  const text = query.filter?.trim();
  if (text) {
    const pattern = { $regex: escapeRegex(text), $options: 'i' };
    clauses.push({ $or: [{ userName: pattern }, { firstName: pattern }, { lastName: pattern }, { email: pattern }] });
  }
  if (query.role) clauses.push({ role: query.role });
  return clauses.length === 0 ? {} : clauses.length === 1 ? (clauses[0] as Filter) : { $and: clauses };
};

export const searchUsers = (
  users: Collection<UserDocument>,
  query: { filter?: string; role?: GlobalRole },
  page: { page: number; pageSize: number },
): Promise<UserDocument[]> =>
  users.find(userSearchFilter(query), {
    sort: { userNameLower: 1 },
    skip: (page.page - 1) * page.pageSize,
    limit: page.pageSize,
  });

export const countUsers = (users: Collection<UserDocument>, query: { filter?: string; role?: GlobalRole }): Promise<number> =>
  users.count(userSearchFilter(query));

export const countAdmins = (users: Collection<UserDocument>): Promise<number> => users.count({ role: 'admin' });
