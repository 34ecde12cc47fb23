import { loadConfig } from '../app/config.ts';
import { readConfigSource } from '../app/configFile.ts';
import { openInfrastructure } from '../app/infrastructure.ts';
import { createLogger } from '../app/logger.ts';

/**
 * The worker process of the scale deployment: applies the projections (API
 * nodes run as followers) and processes jobs from the queue (BullMQ on Redis):
 * projection rebuilds requested from Admin tools, and the analytics jobs
 * (issue 12: services/api/analytics/aggregateJob.ts), which it also enqueues,
 * debounced per community, as analytics events arrive. API nodes enqueue
 * managers' refreshes; this process runs them. Both are registered by
 * `openInfrastructure` wherever the projections are applied, so the embedded
 * server runs the same jobs on its in-process queue.
 */
const config = loadConfig(readConfigSource().env);
const log = createLogger(config.logLevel);
const infrastructure = await openInfrastructure({ ...config, projectionsMode: 'active' }, { log });
log.info({ storage: infrastructure.storage, analyticsJobs: infrastructure.analyticsJobs !== null }, 'worker ready');

const shutdown = async (signal: string) => {
  log.info({ signal }, 'worker shutting down');
  await infrastructure.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
