import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { dataFolderNotice, readConfigSource } from './configFile.ts';

/** Issue 21 §14: the server, the worker and the CLI read one configuration file. */
describe('buildon.env', () => {
  const folders: string[] = [];
  const folderWith = (text: string | null): string => {
    const folder = mkdtempSync(join(tmpdir(), 'buildon-config-'));
    folders.push(folder);
    if (text !== null) writeFileSync(join(folder, 'buildon.env'), text);
    return folder;
  };
  afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

  it('is read from the folder a command runs in; a relative data folder is relative to the file', () => {
    const folder = folderWith('# the school server\nBUILDON_DATA_DIR=store\nPORT=9090\nHOST=0.0.0.0\n');
    const source = readConfigSource({}, folder);
    expect(source.file).toBe(join(folder, 'buildon.env'));
    expect(source.dataDirFrom).toBe('file');
    const config = loadConfig(source.env);
    expect(config).toMatchObject({ dataDir: join(folder, 'store'), port: 9090, host: '0.0.0.0' });
  });

  it('gives way to the environment, but not to a variable set empty', () => {
    const folder = folderWith('BUILDON_DATA_DIR=/srv/from-file\nHOST=0.0.0.0\n');
    const source = readConfigSource({ BUILDON_DATA_DIR: '/srv/from-env', HOST: '' }, folder);
    expect(source.dataDirFrom).toBe('environment');
    expect(loadConfig(source.env)).toMatchObject({ dataDir: '/srv/from-env', host: '0.0.0.0' });
  });

  it('is optional: without one, the defaults apply', () => {
    const source = readConfigSource({}, folderWith(null));
    expect(source).toMatchObject({ file: null, dataDirFrom: 'default' });
  });

  it('can be named by BUILDON_CONFIG, which must exist', () => {
    const folder = folderWith(null);
    mkdirSync(join(folder, 'etc'));
    writeFileSync(join(folder, 'etc', 'school.env'), 'BUILDON_DATA_DIR=../var/buildon\n');
    const source = readConfigSource({ BUILDON_CONFIG: 'etc/school.env' }, folder);
    expect(loadConfig(source.env).dataDir).toBe(join(folder, 'var', 'buildon'));
    expect(() => readConfigSource({ BUILDON_CONFIG: 'etc/missing.env' }, folder)).toThrow(
      /BUILDON_CONFIG names .*missing\.env, which does not exist/,
    );
  });

  it('ships an example that reads cleanly', () => {
    const root = join(import.meta.dirname, '../..');
    const source = readConfigSource({ BUILDON_CONFIG: 'buildon.env.example' }, root);
    expect(loadConfig(source.env)).toMatchObject({ dataDir: join(root, 'data'), host: '127.0.0.1', port: 8080 });
  });

  it('refuses a setting it does not know (a typo would otherwise be ignored silently)', () => {
    const folder = folderWith('BUILDON_DATA_DIR=store\nDATA_DIR=oops\n');
    expect(() => readConfigSource({}, folder)).toThrow(/unknown setting DATA_DIR/);
  });

  it('the CLI notice names the folder and its origin, and warns when no store is there yet', () => {
    expect(dataFolderNotice('/srv/b', { file: '/etc/buildon.env', dataDirFrom: 'file' }, true)).toBe(
      'data folder: /srv/b (/etc/buildon.env)\n',
    );
    const fresh = dataFolderNotice('/x/data', { file: null, dataDirFrom: 'default' }, false);
    expect(fresh).toContain('data folder: /x/data (the default)');
    expect(fresh).toContain('warning: there is no Buildon store in this folder yet');
  });
});
