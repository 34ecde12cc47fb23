import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { newestMtime } from '../../scripts/newestMtime.ts';

/** The built web client for browser tests and browser benches (no test framework here: benches import it too). */
const root = join(import.meta.dirname, '../..');

/**
 * Builds web/dist once when it is missing or older than its sources (so a
 * forgotten `npm run build:web` cannot test yesterday's UI).
 */
export const ensureWebBuild = (): void => {
  const built = join(root, 'web/dist/index.html');
  const sources = [
    join(root, 'web/src'),
    join(root, 'web/index.html'),
    join(root, 'docs/user-guide.md'),
    join(root, 'docs/guides'),
    join(root, 'docs/screenshots'),
  ];
  if (existsSync(built) && statSync(built).mtimeMs >= Math.max(...sources.filter(existsSync).map(newestMtime))) return;
  execFileSync('npm', ['run', '--silent', 'build:web'], {
    cwd: root,
    stdio: 'ignore',
    // vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
  });
};
