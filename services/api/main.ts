import { buildApp } from './app.ts';
import { loadConfig } from '../app/config.ts';
import { readConfigSource } from '../app/configFile.ts';
import { httpSettings } from './httpSettings.ts';
import { GoogleClient } from '../integrations/google/googleClient.ts';
import { googleSettings } from '../integrations/google/googleSettings.ts';
import { mailProbe } from '../integrations/mail/mailProbe.ts';
import { translateSettings } from '../integrations/translate/translateSettings.ts';
import { oidcSettings } from '../integrations/oidc/oidcSettings.ts';
import { ldapSettings } from '../integrations/ldap/ldapSettings.ts';
import { aiSettings } from '../integrations/ai/aiSettings.ts';
import { openInfrastructure } from '../app/infrastructure.ts';
import { createLogger } from '../app/logger.ts';
import { removeServerLock, writeServerLock } from '../app/serverLock.ts';

/**
 * `npm start`: serves the API and the web client on one port, with embedded
 * storage under ./data unless scale URLs are configured.
 */
// Whatever the server writes (the store, snapshots, attachments) is its user's alone (issue 20 §13).
process.umask(0o077);
const source = readConfigSource();
const config = loadConfig(source.env);
const log = createLogger(config.logLevel);
// A wrong integration setting stops the start with its name, before any storage is opened.
const { translate, oidc, ldap, ai } = (() => {
  try {
    return {
      translate: translateSettings(source.env),
      oidc: oidcSettings(source.env, source.env.BUILDON_PUBLIC_URL ?? ''),
      ldap: ldapSettings(source.env),
      ai: aiSettings(source.env),
    };
  } catch (error) {
    process.stderr.write(`Buildon cannot start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
})();

// A start whose read models are missing or out of date answers at once and rebuilds them behind (issue 23 §5).
const infrastructure = await openInfrastructure(config, { log, rebuildInBackground: true }).catch((error: unknown) => {
  // A missing dependency is named with its setting (DependencyError); say it plainly and stop.
  log.fatal({ err: error }, error instanceof Error ? error.message : String(error));
  process.stderr.write(`Buildon cannot start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
const http = httpSettings(source.env);
const google = googleSettings(source.env, http.publicUrl ?? '');
const app = await buildApp({
  services: infrastructure,
  jwtSecret: infrastructure.secret,
  tokenTtl: config.tokenTtl,
  logger: log,
  ...http,
  userRateLimits: config.userRateLimits,
  // One client for the routes and the Admin tools probe (googleProbe), so that the probe shows its last error.
  google: google ? new GoogleClient(google) : null,
  translate,
  oidc,
  ldap,
  ai,
  integrationProbes: [mailProbe(config.mail)],
});
log.info({ dataDir: config.dataDir, configFile: source.file, storage: infrastructure.storage }, 'storage ready');

let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'shutting down');
  await app.close();
  await infrastructure.close();
  removeServerLock(config.dataDir);
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
// With PORT=0 the system picks a free port: the lock names the one actually bound.
const bound = app.server.address();
const port = typeof bound === 'object' && bound ? bound.port : config.port;
writeServerLock(config.dataDir, port);
const local = config.host === '127.0.0.1' || config.host === 'localhost' || config.host === '::1';
log.info(
  { url: `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`, dataDir: config.dataDir },
  local ? 'listening on this machine only (set HOST=0.0.0.0 to accept other computers)' : `listening on ${config.host}`,
);
