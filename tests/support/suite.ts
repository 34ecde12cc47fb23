import { rmSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, tempDataDir, type TestApp } from './testApp.ts';

/**
 * Stands for an object a suite builds in its `beforeAll`, so that a spec can name it once at
 * module level (`const t = useTestApp()`) and use it in its hooks and tests as the object itself:
 * every property read goes to the object `current()` returns. Reading it before it is built
 * throws, naming `what`.
 */
export const builtLater = <T extends object>(what: string, current: () => T | undefined): T => {
  const target = (): T => {
    const value = current();
    if (!value) throw new Error(`${what} is not built yet: use it inside a hook or a test`);
    return value;
  };
  return new Proxy({} as T, {
    // `then` is read when the object is awaited or returned from an async function: not a thenable.
    get: (_, key) => (key === 'then' && !current() ? undefined : Reflect.get(target(), key)),
    has: (_, key) => Reflect.has(target(), key),
    ownKeys: () => Reflect.ownKeys(target()),
    getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(target(), key),
  });
};

/**
 * Builds a test app before the suite's (or the enclosing describe's) tests and closes it after
 * (its temp data dir goes with it): the set-up of most integration specs. `build` builds another
 * kind (e.g. `() => buildObjectsTestApp({ clock })`).
 */
export const useTestApp = (build: () => Promise<TestApp> = () => buildTestApp()): TestApp => {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await build();
  });
  afterAll(async () => {
    await app?.close();
  });
  return builtLater('the test app', () => app);
};

/**
 * Makes temp dirs for a suite and removes them all after it: `const newDir = useTempDirs('buildon-cli-')`,
 * then `newDir()` (or `newDir('another-prefix-')`) in a test.
 */
export const useTempDirs = (prefix = 'buildon-test-'): ((dirPrefix?: string) => string) => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  return (dirPrefix = prefix) => {
    const dir = tempDataDir(dirPrefix);
    dirs.push(dir);
    return dir;
  };
};
