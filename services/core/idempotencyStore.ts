/** The reply a write gave, kept so that a retry with the same Idempotency-Key gets it again. */
export type StoredReply = { method: string; url: string; status: number; contentType: string; body: string };

/**
 * Replies by (scope, key) for a bounded time: the scope is the user (or the
 * address of an anonymous caller), the key the client's Idempotency-Key.
 * Adapters: a SQLite table (embedded), a read-store collection (scale).
 */
export interface IdempotencyStore {
  /** The stored reply, or null when none or expired (`now` in ms). */
  get(scope: string, key: string, now: number): Promise<StoredReply | null>;
  put(scope: string, key: string, reply: StoredReply, expiresAt: number, now: number): Promise<void>;
}
