import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { connect as connectTcp } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { EsdbEventStore } from '../../services/adapters/esdb-eventstore/esdbEventStore.ts';
import type { NewEvent } from '../../services/core/eventStore.ts';
import { eventStoreContract, freshStream } from './eventStore.features.ts';

/**
 * The EventStore contract against EventStoreDB: at BUILDON_TEST_EVENTSTORE_URL
 * when set, otherwise in a throwaway container when a Docker engine answers
 * and testcontainers is installed; otherwise the suite is skipped and says so.
 */

/** Same image as docker-compose.yml. */
const image = 'eventstore/eventstore:24.10';

type Target = { url: string; stop: () => Promise<void> };

/** The few testcontainers members used here, so this file typechecks without the package. */
type StartedContainer = { getHost(): string; getMappedPort(port: number): number; stop(): Promise<unknown> };
type ContainerBuilder = {
  withEnvironment(env: Record<string, string>): ContainerBuilder;
  withExposedPorts(...ports: number[]): ContainerBuilder;
  withWaitStrategy(strategy: unknown): ContainerBuilder;
  withStartupTimeout(ms: number): ContainerBuilder;
  start(): Promise<StartedContainer>;
};
type TestcontainersModule = {
  GenericContainer: new (image: string) => ContainerBuilder;
  Wait: { forHttp(path: string, port: number): { forStatusCodeMatching(matches: (status: number) => boolean): unknown } };
};

const dockerEngineAnswers = (): Promise<boolean> =>
  new Promise((resolve) => {
    const host = process.env.DOCKER_HOST;
    if (host && !host.startsWith('unix://')) {
      // tcp://host:port (maybe TLS): an open port is enough; testcontainers does the rest.
      const url = new URL(host.replace(/^tcp:/, 'http:'));
      const socket = connectTcp({ host: url.hostname, port: Number(url.port || 2375), timeout: 2_000 });
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
      socket.once('timeout', () => (socket.destroy(), resolve(false)));
      return;
    }
    const socketPath = host ? host.slice('unix://'.length) : '/var/run/docker.sock';
    if (!existsSync(socketPath)) return resolve(false);
    const ping = request({ socketPath, path: '/_ping', timeout: 2_000 }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    ping.once('error', () => resolve(false));
    ping.once('timeout', () => (ping.destroy(), resolve(false)));
    ping.end();
  });

const loadTestcontainers = async (): Promise<TestcontainersModule | null> => {
  const moduleName = 'testcontainers';
  try {
    return (await import(moduleName)) as TestcontainersModule;
  } catch {
    return null;
  }
};

const reachable = async (url: string): Promise<boolean> => {
  try {
    const store = await EsdbEventStore.connect(url, { verifyTimeoutMs: 5_000 });
    await store.close();
    return true;
  } catch {
    return false;
  }
};

/** Finds an EventStoreDB, or returns why there is none. */
const findEventStore = async (): Promise<Target | { skipped: string }> => {
  const configured = process.env.BUILDON_TEST_EVENTSTORE_URL;
  if (configured) return (await reachable(configured)) ? { url: configured, stop: async () => undefined } : { skipped: configured };

  const testcontainers = (await dockerEngineAnswers()) ? await loadTestcontainers() : null;
  if (!testcontainers) return { skipped: 'BUILDON_TEST_EVENTSTORE_URL unset, no Docker engine' };
  try {
    const container = await new testcontainers.GenericContainer(image)
      .withEnvironment({
        EVENTSTORE_CLUSTER_SIZE: '1',
        EVENTSTORE_RUN_PROJECTIONS: 'None',
        EVENTSTORE_INSECURE: 'true',
        EVENTSTORE_MEM_DB: 'true',
        EVENTSTORE_ENABLE_ATOM_PUB_OVER_HTTP: 'false',
      })
      .withExposedPorts(2113)
      .withWaitStrategy(testcontainers.Wait.forHttp('/health/live', 2113).forStatusCodeMatching((status) => status >= 200 && status < 300))
      .withStartupTimeout(120_000)
      .start();
    const url = `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`;
    return { url, stop: async () => void (await container.stop()) };
  } catch (error) {
    return { skipped: `a ${image} container (it did not start: ${error instanceof Error ? error.message : String(error)})` };
  }
};

const found = await findEventStore();
const target = 'url' in found ? found : null;
if ('skipped' in found) console.warn(`skipped: no EventStoreDB at ${found.skipped}`);

describe.skipIf(target === null)('EsdbEventStore', () => {
  const url = target?.url ?? '';
  afterAll(async () => {
    await target?.stop();
  });

  eventStoreContract('EventStoreDB', async () => {
    const store = await EsdbEventStore.connect(url);
    return { store, cleanup: () => store.close() };
  });

  it('finishes on start a multi-stream append killed half-way, exactly once, and hides its intents', async () => {
    const store = await EsdbEventStore.connect(url);
    const note = freshStream('note');
    const view = freshStream('view');
    const made = (type: string): NewEvent => ({ type, data: {}, metadata: { actorId: null, at: new Date().toISOString() } });
    try {
      await store.append(view, [made('ContributionCreated')]);
      const head = await store.headPosition();
      // Killed after the first part: the connection drops under the second append.
      const intents = (store as unknown as { intents: { appendWithIds: (...args: unknown[]) => Promise<unknown> } }).intents;
      const write = intents.appendWithIds;
      let calls = 0;
      intents.appendWithIds = (...args) => (++calls === 2 ? Promise.reject(new Error('killed')) : write(...args));
      await expect(
        store.appendMany([
          { streamName: view, events: [made('LinkCreated')], expectedRevision: 0 },
          { streamName: note, events: [made('ContributionCreated')], expectedRevision: 'no_stream' },
        ]),
      ).rejects.toThrow('killed');
      intents.appendWithIds = write;
      expect((await store.readStream(note)).events).toHaveLength(0);
      expect(await store.recover({ graceMs: 0 })).toMatchObject({ finished: 1 });
      expect((await store.readStream(note)).events.map((e) => e.type)).toEqual(['ContributionCreated']);
      expect((await store.readStream(view)).events.map((e) => e.type)).toEqual(['ContributionCreated', 'LinkCreated']);
      await store.recover({ graceMs: 0 });
      expect((await store.readStream(view)).events).toHaveLength(2);
      const ours = (await store.readAll({ after: head })).filter((e) => e.streamName === note || e.streamName === view);
      expect(ours).toHaveLength(2);
      expect((await store.readAll({ after: head })).some((e) => e.streamName === 'buildon_intents')).toBe(false);
    } finally {
      await store.close();
    }
  });

  it('hides system events from readAll and headPosition', async () => {
    const store = await EsdbEventStore.connect(url);
    try {
      const { lastPosition } = await store.append(freshStream(), [
        { type: 'Visible', data: {}, metadata: { actorId: null, at: new Date().toISOString() } },
      ]);
      const all = await store.readAll();
      expect(all.some((e) => e.type.startsWith('$') || e.streamName.startsWith('$'))).toBe(false);
      expect(all.at(-1)?.globalPosition).toBe(lastPosition);
      expect(await store.headPosition()).toBe(lastPosition);
      const positions = all.map((e) => e.globalPosition);
      expect(positions.every((p, i) => i === 0 || p > (positions[i - 1] ?? 0))).toBe(true);
    } finally {
      await store.close();
    }
  });
});
