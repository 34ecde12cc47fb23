import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Issue 17 §6: every dependency comes from the public npm registry, pinned by its sha512
 * integrity, and only the native modules Buildon needs run install scripts (package.json
 * `allowScripts`, enforced by `.npmrc` `strict-allow-scripts`: a new dependency with an
 * unreviewed install script fails `npm ci` and this test).
 */
const read = (path: string): string => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const registry = 'https://registry.npmjs.org/';

type LockEntry = { version?: string; resolved?: string; integrity?: string; link?: boolean; hasInstallScript?: boolean };
const lock = JSON.parse(read('package-lock.json')) as { lockfileVersion: number; packages: Record<string, LockEntry> };
const manifest = JSON.parse(read('package.json')) as { allowScripts?: Record<string, boolean> };
const dependencies = Object.entries(lock.packages).filter(([path]) => path !== '');
const nameOf = (path: string): string => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);

/**
 * The packages whose install scripts run: the SQLite binding (fetched or built for the running
 * Node) and esbuild (checks or fetches its platform binary; tsx runs the server through it). The
 * others are denied: protobufjs (a version notice), msgpackr-extract (optional speed-up with
 * prebuilt binaries), es5-ext (a banner), ssh2 and cpu-features (optional, dev-only, testcontainers).
 */
const allowedToRunScripts = ['better-sqlite3', 'esbuild'];

describe('supply chain (issue 17 §6)', () => {
  it('resolves every package from the public registry (no git, file, tarball URL or other registry)', () => {
    expect(lock.lockfileVersion).toBe(3);
    expect(dependencies.length).toBeGreaterThan(100);
    const elsewhere = dependencies.filter(
      ([, entry]) => entry.link || (entry.resolved !== undefined && !entry.resolved.startsWith(registry)),
    );
    expect(elsewhere.map(([path, entry]) => `${path} ${entry.resolved ?? 'link'}`)).toEqual([]);
    const notSemver = dependencies.filter(([, entry]) => !/^\d+\.\d+\.\d+(?:[-+][\w.-]+)?$/.test(entry.version ?? ''));
    expect(notSemver.map(([path, entry]) => `${path} ${entry.version}`)).toEqual([]);
  });

  it('pins every package by a sha512 integrity', () => {
    const unpinned = dependencies.filter(([, entry]) => !entry.integrity?.startsWith('sha512-'));
    expect(unpinned.map(([path]) => path)).toEqual([]);
  });

  it('installs from the public registry, with unreviewed install scripts refused', () => {
    const npmrc = read('.npmrc');
    expect(npmrc).toMatch(/^registry=https:\/\/registry\.npmjs\.org\/$/m);
    expect(npmrc).toMatch(/^strict-allow-scripts=true$/m);
  });

  it('lets only the native modules Buildon needs run install scripts, and reviews every other one', () => {
    const withScripts = [...new Set(dependencies.filter(([, entry]) => entry.hasInstallScript).map(([path]) => nameOf(path)))].sort();
    const policy = manifest.allowScripts ?? {};
    expect(
      withScripts.filter((name) => !(name in policy)),
      'install scripts nobody reviewed',
    ).toEqual([]);
    expect(
      Object.entries(policy)
        .filter(([, allowed]) => allowed)
        .map(([name]) => name),
    ).toEqual(allowedToRunScripts);
  });
});
