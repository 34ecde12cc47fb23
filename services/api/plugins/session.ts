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

/** When a token stops being valid: its `exp`, or a day from now for a token without one. */
export const tokenExpiry = (payload: TokenPayload | null): string =>
  new Date((payload?.exp ?? Date.now() / 1000 + 24 * 3600) * 1000).toISOString();

/**
 * "Last seen" of each session on this API node (issue 17 §4), kept in memory:
 * a request per second must not write an event per second. Coarse by design:
 * an instant is kept only when the previous one is a minute old or more.
 * After a restart (or on another node) a session shows its start instead.
 */
export class SessionsSeen {
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly granularityMs = 60_000,
    private readonly max = 50_000,
  ) {}

  touch(tokenId: string, now: number): void {
    const last = this.seen.get(tokenId);
    if (last !== undefined && now - last < this.granularityMs) return;
    if (last === undefined && this.seen.size >= this.max) {
      // The oldest entries go first (a Map iterates in insertion order; touched ones are re-inserted).
      const oldest = this.seen.keys().next();
      if (!oldest.done) this.seen.delete(oldest.value);
    }
    this.seen.delete(tokenId);
    this.seen.set(tokenId, now);
  }

  lastSeen(tokenId: string): number | undefined {
    return this.seen.get(tokenId);
  }
}
