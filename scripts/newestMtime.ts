import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The newest modification time under `path` (itself, or any file or folder
 * below it), for "is this build older than its sources?"; Infinity when the
 * path is gone (a source removed since the build: build again).
 */
export const newestMtime = (path: string): number => {
  if (!existsSync(path)) return Infinity;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
};
