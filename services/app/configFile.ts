import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { parseEnv } from 'node:util';

/**
 * The configuration file the server, the worker and the operator CLI all read
 * (issue 21 §14): so `npm run kf -- create-admin` writes where the server
 * reads, without the operator repeating BUILDON_DATA_DIR on every command.
 *
 * It is `buildon.env` in the folder the command runs from, or the file named
 * by BUILDON_CONFIG; lines are `NAME=value` (dotenv syntax, `#` comments).
 * A variable set in the environment wins over the file. A relative
 * BUILDON_DATA_DIR in the file is relative to the file, not to the folder a
 * command happens to run from.
 */
export const defaultConfigFileName = 'buildon.env';

/** Settings the file may hold: the variables of the README's configuration table. */
const knownSetting = (name: string): boolean => name.startsWith('BUILDON_') || ['PORT', 'HOST', 'LOG_LEVEL'].includes(name);

export type ConfigSource = {
  /** The environment to configure from: the file's settings under the process's own. */
  env: NodeJS.ProcessEnv;
  /** The file read, absolute; null when there is none. */
  file: string | null;
  /** Where BUILDON_DATA_DIR came from. */
  dataDirFrom: 'environment' | 'file' | 'default';
};

export const readConfigSource = (env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ConfigSource => {
  const named = env.BUILDON_CONFIG;
  const file = resolve(cwd, named || defaultConfigFileName);
  if (!existsSync(file)) {
    // A file the operator named but that is missing is a mistake to report, not a default to fall back on.
    if (named) throw new Error(`BUILDON_CONFIG names ${file}, which does not exist`);
    return { env, file: null, dataDirFrom: env.BUILDON_DATA_DIR ? 'environment' : 'default' };
  }
  const settings = parseEnv(readFileSync(file, 'utf8'));
  const unknown = Object.keys(settings).filter((name) => !knownSetting(name));
  if (unknown.length > 0) throw new Error(`${file}: unknown setting ${unknown.join(', ')} (see the README's configuration table)`);
  const dataDir = settings.BUILDON_DATA_DIR;
  if (dataDir && !isAbsolute(dataDir)) settings.BUILDON_DATA_DIR = resolve(dirname(file), dataDir);
  return {
    env: { ...settings, ...definedOnly(env) },
    file,
    dataDirFrom: env.BUILDON_DATA_DIR ? 'environment' : dataDir ? 'file' : 'default',
  };
};

/** An empty variable in the environment does not hide the file's value (HOST= is "unset" for a shell user too). */
const definedOnly = (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));

/**
 * What the CLI says on stderr before it works on embedded storage: the folder,
 * where that came from, and a warning when no store is there yet (the usual
 * sign of a command run with other settings than the server's).
 */
export const dataFolderNotice = (dataDir: string, source: Pick<ConfigSource, 'file' | 'dataDirFrom'>, storeExists: boolean): string => {
  const from = { environment: 'BUILDON_DATA_DIR', file: source.file ?? '', default: 'the default' }[source.dataDirFrom];
  const lines = [`data folder: ${dataDir} (${from})`];
  if (!storeExists) {
    lines.push(
      'warning: there is no Buildon store in this folder yet; this command starts a new one.',
      `If your server keeps its data elsewhere, set BUILDON_DATA_DIR or put it in ${defaultConfigFileName} (see the README).`,
    );
  }
  return `${lines.join('\n')}\n`;
};
