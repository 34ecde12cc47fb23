import { msg, type UserMessage } from '../../../contracts/messageCodes.ts';
import type { UserDocument } from '../../../projections/users/index.ts';

/** What a bearer token carries: the user, when it was issued, its own id (for logout) and its expiry. */
export type TokenPayload = { sub: string; iatMs: number; jti?: string; exp?: number };

/** A token's session id: its `jti`, or for tokens issued before tokens had one, its issue instant. */
export const sessionTokenId = (payload: TokenPayload): string => payload.jti ?? `iat:${payload.iatMs}`;

export const sessionEndedMessage = msg('errors.sessionEnded');

/**
 * Why a session may not go on, or null: the one rule for HTTP requests and
 * websockets (issue 20 §5). A blocked account, a password changed or reset
 * after the token was issued, or this token logged out.
 */
export const sessionProblem = (user: UserDocument, payload: TokenPayload): UserMessage | null => {
  if (user.blockLogin) return msg('messages.loginBlocked');
  if (user.tokensValidAfter && payload.iatMs < Date.parse(user.tokensValidAfter)) return sessionEndedMessage;
  if (user.endedSessions?.some((session) => session.tokenId === sessionTokenId(payload))) return sessionEndedMessage;
  return null;
};
