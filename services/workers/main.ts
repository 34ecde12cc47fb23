import { loadConfig } from '../app/config.ts';
import { readConfigSource } from '../app/configFile.ts';
import { openInfrastructure } from '../app/infrastructure.ts';
import { createLogger } from '../app/logger.ts';

/**
 * The worker process of the scale deployment: applies the projections (API
 * nodes run as followers) and processes jobs from the queue, such as
 * projection rebuilds requested from Admin tools. Analytics jobs join later.
 */
const config = loadConfig(readConfigSource().env);
const log = createLogger(config.logLevel);
const infrastructure = await openInfrastructure({ ...config, projectionsMode: 'active' }, { log });
log.info({ storage: infrastructure.storage }, 'worker ready');

const shutdown = async (signal: string) => {
  log.info({ signal }, 'worker shutting down');
  await infrastructure.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
