import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { afterAll, describe } from 'vitest';
import { MongoReadStore } from '../../services/adapters/mongo-readstore/mongoReadStore.ts';
import { readStoreContract } from './readStore.features.ts';
import { textIndexContract } from './textIndex.features.ts';

/**
 * Runs the read store contract against MongoDB: the server at
 * BUILDON_TEST_MONGO_URL, or else a throw-away container when a Docker engine
 * answers and testcontainers is installed. Otherwise it says it was skipped.
 */

type MongoTarget = { url: string; stop(): Promise<void> } | { skipped: string };

/** The subset of testcontainers used here, checked at runtime after a dynamic import. */
type StartedContainer = { getHost(): string; getMappedPort(port: number): number; stop(): Promise<unknown> };
type ContainerBuilder = { withExposedPorts(...ports: number[]): ContainerBuilder; start(): Promise<StartedContainer> };
type GenericContainerClass = new (image: string) => ContainerBuilder;

const MONGO_IMAGE = 'mongo:7';

/** Answers whether a Docker engine replies to `GET /_ping` within a second. */
async function dockerAnswers(): Promise<boolean> {
  const host = process.env.DOCKER_HOST;
  let target: { socketPath: string } | { host: string; port: number } | null = null;
  if (host?.startsWith('unix://')) target = { socketPath: host.slice('unix://'.length) };
  else if (host?.startsWith('tcp://')) {
    const url = new URL(host.replace(/^tcp:/, 'http:'));
    target = { host: url.hostname, port: Number(url.port || 2375) };
  } else if (!host && existsSync('/var/run/docker.sock')) target = { socketPath: '/var/run/docker.sock' };
  if (!target) return false;
  const options = target;
  return new Promise((resolve) => {
    const req = request({ ...options, path: '/_ping', method: 'GET', timeout: 1000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
    req.end();
  });
}

async function loadGenericContainer(): Promise<GenericContainerClass | null> {
  // A variable specifier keeps typechecking independent of whether the package is installed.
  const specifier = 'testcontainers';
  try {
    const module: unknown = await import(specifier);
    if (typeof module !== 'object' || module === null || !('GenericContainer' in module)) return null;
    const GenericContainer = module.GenericContainer;
    return typeof GenericContainer === 'function' ? (GenericContainer as GenericContainerClass) : null;
  } catch {
    return null;
  }
}

async function reachable(url: string): Promise<boolean> {
  try {
    const probe = await MongoReadStore.connect(url, 'admin', { serverSelectionTimeoutMS: 3000 });
    await probe.db.command({ ping: 1 });
    await probe.close();
    return true;
  } catch {
    return false;
  }
}

async function findMongo(): Promise<MongoTarget> {
  const configured = process.env.BUILDON_TEST_MONGO_URL;
  if (configured) {
    return (await reachable(configured)) ? { url: configured, stop: async () => {} } : { skipped: configured };
  }
  const GenericContainer = (await dockerAnswers()) ? await loadGenericContainer() : null;
  if (!GenericContainer) return { skipped: 'BUILDON_TEST_MONGO_URL unset, no Docker engine' };
  try {
    const container = await new GenericContainer(MONGO_IMAGE).withExposedPorts(27017).start();
    const url = `mongodb://${container.getHost()}:${container.getMappedPort(27017)}/?directConnection=true`;
    if (!(await reachable(url))) {
      await container.stop();
      return { skipped: `${url} (${MONGO_IMAGE} container did not answer)` };
    }
    return { url, stop: async () => void (await container.stop()) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { skipped: `Docker (${MONGO_IMAGE} container failed to start: ${reason})` };
  }
}

const mongo = await findMongo();
if ('skipped' in mongo) console.warn(`skipped: no MongoDB at ${mongo.skipped}`);

describe.skipIf('skipped' in mongo)('MongoDB read store', () => {
  afterAll(async () => {
    if ('url' in mongo) await mongo.stop();
  });

  const openMongo = async () => {
    if (!('url' in mongo)) throw new Error('MongoDB is not available');
    const dbName = `buildon_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    const store = await MongoReadStore.connect(mongo.url, dbName);
    return {
      store,
      cleanup: async () => {
        await store.db.dropDatabase();
        await store.close();
      },
    };
  };
  readStoreContract('MongoReadStore', openMongo);
  // The full-text index (issue 14 §1): folded tokens under a multikey index, ranked by the shared definition.
  textIndexContract('MongoReadStore', openMongo);
});
