import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The embedded server writes `server.json` in the data directory while it
 * runs, so operator commands that must not run beside it (rebuild, import)
 * can refuse with a clear message instead of corrupting its snapshot.
 */
const lockPath = (dataDir: string) => join(dataDir, 'server.json');

export const writeServerLock = (dataDir: string, port: number): void => {
  writeFileSync(lockPath(dataDir), JSON.stringify({ pid: process.pid, port, startedAt: new Date().toISOString() }), { mode: 0o600 });
};

export const removeServerLock = (dataDir: string): void => {
  rmSync(lockPath(dataDir), { force: true });
};

/** The running server's pid and port, or null (a stale lock of a dead process is ignored). */
export const runningServer = (dataDir: string): { pid: number; port: number } | null => {
  if (!existsSync(lockPath(dataDir))) return null;
  try {
    const lock = JSON.parse(readFileSync(lockPath(dataDir), 'utf8')) as { pid: number; port: number };
    process.kill(lock.pid, 0);
    return lock;
  } catch {
    return null;
  }
};
