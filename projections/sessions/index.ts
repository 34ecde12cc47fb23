import type { RecordedEvent } from '../../contracts/events/event.ts';
import type { UserEvent } from '../../contracts/events/user.ts';
import type { Projection, Versioned } from '../../services/core/projection.ts';
import type { Collection } from '../../services/core/readStore.ts';

/**
 * Issue 17 §4: the open sessions of each user, one document per token issued
 * (login, registration, password change, refresh). A token's session ends at
 * logout, when its owner or an admin ends it, when it is rotated, or when
 * the password changes or the login is blocked (every session of the user).
 */
export type SessionDocument = Versioned & {
  /** The token's id (`jti`). */
  _id: string;
  userId: string;
  /** When the session began (a refreshed token keeps its session's start). */
  created: string;
  expiresAt: string;
  userAgent: string;
  address: string;
};

export const sessionsCollectionName = 'sessions';

const handled: UserEvent['type'][] = ['UserSessionStarted', 'UserSessionEnded', 'UserPasswordChanged', 'UserLoginBlocked'];

export const sessionsProjection: Projection = {
  name: 'sessions',
  version: 1,
  collections: [{ name: sessionsCollectionName, indexes: [['userId']] }],
  handles: handled,
  apply: async (event, context) => {
    const sessions = context.collection<SessionDocument>(sessionsCollectionName);
    const userEvent = event as RecordedEvent<UserEvent>;
    switch (userEvent.type) {
      case 'UserSessionStarted': {
        const { tokenId, userId, expiresAt, userAgent, address, startedAt } = userEvent.data;
        await sessions.put({
          _id: tokenId,
          userId,
          created: startedAt ?? userEvent.metadata.at,
          expiresAt,
          userAgent,
          address,
          _position: event.globalPosition,
        });
        return;
      }
      case 'UserSessionEnded':
        if (userEvent.data.allSessions) await sessions.deleteMany({ userId: userEvent.data.userId });
        else await sessions.delete(userEvent.data.tokenId);
        return;
      case 'UserPasswordChanged':
      case 'UserLoginBlocked':
        // Both end every token issued so far (plugins/session.ts); a token issued after starts a new session.
        await sessions.deleteMany({ userId: userEvent.data.userId, created: { $lte: userEvent.metadata.at } });
        return;
      default:
        return;
    }
  },
};

/** The user's sessions still within their lifetime, most recent first. */
export const sessionsOfUser = async (sessions: Collection<SessionDocument>, userId: string, now: Date): Promise<SessionDocument[]> =>
  (await sessions.find({ userId }, { sort: { created: -1 } })).filter((session) => session.expiresAt > now.toISOString());
