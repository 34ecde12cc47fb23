import type { SessionEndReason, UserSessionStarted } from '../../../../contracts/events/user.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import { sessionsCollectionName, sessionsOfUser, type SessionDocument } from '../../../../projections/sessions/index.ts';
import { NotFoundError } from '../../../core/errors.ts';
import { appendOnUser, getUser, runOnUser, type AccountDeps } from '../accountContext.ts';

export type NewSession = Omit<UserSessionStarted['data'], 'userId' | 'startedAt'>;

const sessionsOf = (deps: Pick<AccountDeps, 'readStore'>) => deps.readStore.collection<SessionDocument>(sessionsCollectionName);

/**
 * Issue 17 §4: a token was issued; its session shows in the user's list. The token works at once (checking it
 * reads no session list), so the login does not wait for the read models: while they catch up (after an
 * import, during a rebuild) a login still answers its token, never a 202 without one.
 */
export const startSession = async (deps: AccountDeps, userId: string, session: NewSession): Promise<void> => {
  await appendOnUser(deps, userId, { type: 'StartSession', data: session }, userId);
};

/** Token rotation: the new token continues the old one's session, and the old token is refused from now on. */
export const refreshSession = async (
  deps: AccountDeps,
  userId: string,
  ended: { tokenId: string; expiresAt: string },
  started: NewSession,
): Promise<void> => {
  const previous = await sessionsOf(deps).get(ended.tokenId);
  const startedAt = previous?.userId === userId ? previous.created : undefined;
  await runOnUser(
    deps,
    userId,
    { type: 'RefreshSession', data: { ended, started: { ...started, ...(startedAt ? { startedAt } : {}) } } },
    userId,
  );
};

/** The user's open sessions, newest first. */
export const listSessions = (deps: AccountDeps, userId: string): Promise<SessionDocument[]> =>
  sessionsOfUser(sessionsOf(deps), userId, deps.clock.now());

/** The user ends one of their own sessions; another user's session id is "not found". */
export const endOwnSession = async (deps: AccountDeps, userId: string, sessionId: string): Promise<void> => {
  const session = await sessionsOf(deps).get(sessionId);
  if (!session || session.userId !== userId || session.expiresAt <= deps.clock.now().toISOString()) {
    throw new NotFoundError(msg('errors.notFound'));
  }
  await endSession(deps, userId, sessionId, session.expiresAt, 'self');
};

/** An admin ends every session of a user: all tokens issued so far are refused. */
export const endAllSessions = async (deps: AccountDeps, userId: string, actorId: string): Promise<void> => {
  await getUser(deps, userId);
  await runOnUser(
    deps,
    userId,
    { type: 'EndSession', data: { tokenId: '*', expiresAt: deps.clock.now().toISOString(), reason: 'admin', allSessions: true } },
    actorId,
  );
};

/**
 * Logs one session out (issue 20 §5): the token `tokenId` is refused from now
 * on, by every API node and after a restart (it is an event); open sockets
 * with it are closed by the push hub.
 */
export const endSession = async (
  deps: AccountDeps,
  userId: string,
  tokenId: string,
  expiresAt: string,
  reason: SessionEndReason = 'logout',
): Promise<void> => {
  await runOnUser(deps, userId, { type: 'EndSession', data: { tokenId, expiresAt, reason } }, userId);
};
