import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { openInfrastructure, type Infrastructure } from '../app/infrastructure.ts';
import { writeServerLock } from '../app/serverLock.ts';
import { fastTestHasher, testConfig } from '../../tests/support/testApp.ts';
import { useTempDirs } from '../../tests/support/suite.ts';

const run = promisify(execFile);
const root = join(import.meta.dirname, '../..');

/** Runs `npm run kf -- <args>` the way an operator does (tsx, same entry point). */
const kf = async (dataDir: string, ...args: string[]) => {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'services/cli/main.ts', ...args], {
      cwd: root,
      env: { ...process.env, BUILDON_DATA_DIR: dataDir, BUILDON_ALTCHA_COST: '1' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
};

const dumpReadModels = async (infra: Infrastructure) => {
  const dump: Record<string, unknown[]> = {};
  for (const { name } of await infra.readStore.stats()) {
    if (name.startsWith('_')) continue;
    dump[name] = await infra.readStore.collection(name).find({}, { sort: { _id: 1 } });
  }
  return dump;
};

const newDir = useTempDirs('buildon-cli-');

describe('operator CLI', () => {
  it('create-admin creates an admin, then promotes and re-passwords an existing user', async () => {
    const dir = newDir();
    const created = await kf(dir, 'create-admin', '--user', 'Principal', '--password', 'first-pass-1');
    const weak = await kf(newDir(), 'create-admin', '--user', 'Principal', '--password', 'principal');
    expect(weak.code).toBe(1);
    expect(weak.stderr).toMatch(/at least 8 characters|must not be the userName/);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toMatch(/created admin Principal/);
    // It says which data folder it wrote to (issue 21 §14).
    expect(created.stderr).toContain(`data folder: ${dir}`);

    // The CLI hashes with argon2, the default: these opens read and write the same hashes.
    const infra = await openInfrastructure(testConfig(dir));
    await infra.accounts.register({
      firstName: 'Tea',
      lastName: 'Cher',
      email: 't@school.org',
      userName: 'teacher',
      password: 'secret-pass-1',
    });
    await infra.close();

    const promoted = await kf(dir, 'create-admin', '--user', 'TEACHER', '--password', 'admin-now-1');
    expect(promoted.stdout).toMatch(/promoted admin teacher/);

    const after = await openInfrastructure(testConfig(dir));
    expect((await after.accounts.authenticate('principal', 'first-pass-1')).role).toBe('admin');
    expect((await after.accounts.authenticate('teacher', 'admin-now-1')).role).toBe('admin');
    await after.close();
  });

  it('create-admin writes where the server reads: the data folder of buildon.env, and says so (issue 21 §14)', async () => {
    const folder = newDir();
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'buildon.env'), 'BUILDON_DATA_DIR=school-data\n');
    const { BUILDON_DATA_DIR: _ignored, ...env } = process.env;
    const result = await run(
      process.execPath,
      ['--import', 'tsx', 'services/cli/main.ts', 'create-admin', '--user', 'Director', '--password', 'director-pass-1'],
      {
        cwd: root,
        env: { ...env, BUILDON_CONFIG: join(folder, 'buildon.env') },
      },
    );
    const dataDir = join(folder, 'school-data');
    expect(result.stderr).toContain(`data folder: ${dataDir} (${join(folder, 'buildon.env')})`);
    // A new store is worth a warning: the usual sign of a command run with other settings than the server's.
    expect(result.stderr).toContain('warning: there is no Buildon store in this folder yet');
    const infra = await openInfrastructure(testConfig(dataDir));
    expect((await infra.accounts.authenticate('director', 'director-pass-1')).role).toBe('admin');
    await infra.close();
    const again = await kf(dataDir, 'create-admin', '--user', 'Director', '--password', 'director-pass-2');
    expect(again.stderr).not.toContain('warning');
  });

  it('create-admin without --password fails with a clear message', async () => {
    const result = await kf(newDir(), 'create-admin', '--user', 'x');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/--password is required/);
  });

  it('export then import into an empty directory reproduces identical read models', async () => {
    const source = newDir();
    const infra = await openInfrastructure(testConfig(source), { passwords: fastTestHasher });
    for (let i = 0; i < 30; i++) {
      const user = await infra.accounts.register({
        firstName: `F${i}`,
        lastName: 'L',
        email: `u${i}@x.org`,
        userName: `user${i}`,
        password: 'secret-pass-1',
      });
      if (i % 3 === 0) await infra.accounts.changeLanguage(user._id, 'en', user._id);
      if (i % 5 === 0) await infra.accounts.updateUser(user._id, { blockLogin: true, lastName: 'Changed' }, null);
    }
    await infra.blobStore.put('community/a/attachment.txt', new TextEncoder().encode('hello'), 'text/plain');
    const expected = await dumpReadModels(infra);
    await infra.close();

    const exportDir = join(newDir(), 'export');
    const exported = await kf(source, 'export', '--out', exportDir);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toMatch(/exported \d+ events in \d+ streams and 1 attachments/);

    const target = newDir();
    const imported = await kf(target, 'import', '--from', exportDir);
    expect(imported.code, imported.stderr).toBe(0);

    const copy = await openInfrastructure(testConfig(target), { passwords: fastTestHasher });
    // The export records itself in the audit trail first (issue 17 §3): the copy holds that one entry more.
    const { audit: copiedAudit = [], ...copied } = await dumpReadModels(copy);
    const { audit: sourceAudit = [], ...original } = expected;
    expect(copied).toEqual(original);
    expect(sourceAudit.length).toBeGreaterThan(0);
    expect(copiedAudit).toHaveLength(sourceAudit.length + 1);
    expect(copiedAudit).toEqual(expect.arrayContaining(sourceAudit));
    expect(copiedAudit).toContainEqual(expect.objectContaining({ action: 'export.data', actorId: null, details: { via: 'cli' } }));
    expect((await copy.blobStore.get('community/a/attachment.txt'))?.contentType).toBe('text/plain');
    await copy.close();

    const again = await kf(target, 'import', '--from', exportDir);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/not empty/);
  });

  it('rebuild reports events per second, and refuses while the server uses the directory', async () => {
    const dir = newDir();
    const infra = await openInfrastructure(testConfig(dir), { passwords: fastTestHasher });
    await infra.accounts.register({ firstName: 'A', lastName: 'B', email: 'a@b.org', userName: 'someone', password: 'secret-pass-1' });
    await infra.close();

    const rebuilt = await kf(dir, 'rebuild');
    expect(rebuilt.code, rebuilt.stderr).toBe(0);
    expect(rebuilt.stdout).toMatch(/rebuilt users(, \w+)*: \d+ events in [\d.]+ s \(\d+ events\/s, \d+ per CPU-second\)/);

    writeServerLock(dir, 8080);
    const refused = await kf(dir, 'rebuild');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/server \(pid \d+, port 8080\)/);
  });
});
