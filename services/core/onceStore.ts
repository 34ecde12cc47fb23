/**
 * Remembers keys for a while so that something (a robot-check solution) is
 * accepted once only. Adapters: SQLite table (embedded), Redis `SET NX PX`.
 */
export interface OnceStore {
  /** True the first time a key is claimed within `ttlMs`, false afterwards. */
  claim(key: string, ttlMs: number): Promise<boolean>;
  close(): Promise<void>;
}
