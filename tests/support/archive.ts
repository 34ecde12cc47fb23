import { rmSync } from 'node:fs';
import { afterAll } from 'vitest';
import { tempDataDir } from './testApp.ts';

/**
 * Temporary data directories for one spec file, removed after all its tests.
 * Call at the top level of the spec (it registers an `afterAll`).
 */
export const tempDirs = (): ((prefix: string) => string) => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  return (prefix: string) => {
    const dir = tempDataDir(prefix);
    dirs.push(dir);
    return dir;
  };
};

/** Read-model documents without their global positions (which an import renumbers). */
export const withoutPositions = <T extends Record<string, unknown>>(docs: T[]) => docs.map(({ _position, ...rest }) => rest);
