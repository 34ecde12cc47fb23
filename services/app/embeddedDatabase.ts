import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase, type SqliteDatabase } from '../adapters/sqlite-eventstore/database.ts';
import type { Config } from './config.ts';
import { opening } from './dependencyError.ts';
import type { AppLog } from './logger.ts';

/**
 * The data folder and its SQLite file, opened in every deployment: it holds
 * the generated secret and the read-store snapshot, and the events, the
 * once-keys and the idempotency keys when no scale store is configured.
 */
export const openEmbeddedDatabase = async (config: Config, log?: AppLog): Promise<SqliteDatabase> => {
  // Issue 20 §13: the data folder is the server user's alone (0700), also when an older version made it 0755.
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const mode = statSync(config.dataDir).mode & 0o777;
  if (mode !== 0o700) {
    chmodSync(config.dataDir, 0o700);
    log?.warn?.({ dataDir: config.dataDir, was: mode.toString(8) }, 'the data folder was open to other accounts: it is now 0700');
  }
  const file = join(config.dataDir, 'buildon.sqlite');
  return opening('The database file', 'BUILDON_DATA_DIR', file, () => openDatabase(file), 'cannot be opened');
};
