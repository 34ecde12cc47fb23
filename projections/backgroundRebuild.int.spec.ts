import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { classEvents, classIds, writeEvents, type ClassShape } from '../bench/district.ts';
import { SqliteEventStore } from '../services/adapters/sqlite-eventstore/sqliteEventStore.ts';
import { openSqliteReadStore } from '../services/adapters/sqlite-readstore/open.ts';
import { dumpReadModels, freshRebuild } from '../tests/support/readModels.ts';
import { tempDataDir } from '../tests/support/testApp.ts';
import { ReadModelsRebuildingError, readModelsState, retryAfterSeconds, servedWhileRebuilding } from './backgroundRebuild.ts';
import { contributionsCollectionName } from './contributions/index.ts';
import { allProjections } from './index.ts';
import { checkpointsCollection, ProjectionRunner } from './runner.ts';

const shape: ClassShape = { pupils: 30, notes: 1_500, views: 4 };
const epoch = Date.parse('2026-09-01T08:00:00Z');

describe('a start rebuilds read models of an older projection version in the background (issue 23 §5)', () => {
  const closers: (() => Promise<void>)[] = [];
  const dirs: string[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('answers "rebuilding" for those read models only, never their old data, and serves the rebuilt ones with the events appended meanwhile', async () => {
    const dir = tempDataDir('buildon-background-');
    dirs.push(dir);
    const eventStore = SqliteEventStore.open(join(dir, 'events.sqlite'));
    closers.push(() => eventStore.close());
    await writeEvents(eventStore, classEvents(0, shape, epoch));

    // Read models built and checkpointed, then the contributions projection "upgraded": its stored version is older.
    const readModels = join(dir, 'readmodels.sqlite');
    const first = openSqliteReadStore({ path: readModels });
    const built = new ProjectionRunner({ eventStore, readStore: first, projections: allProjections });
    await built.start();
    await built.stop();
    const contributions = allProjections.find((p) => p.collections.some((spec) => spec.name === contributionsCollectionName));
    if (!contributions) throw new Error('no contributions projection');
    await first
      .collection(checkpointsCollection)
      .put({ _id: contributions.name, position: await eventStore.headPosition(), version: contributions.version - 1 });
    // What the old version left: a title the new version would never write.
    const note = classIds(0, shape).noteId(7);
    const old = await first.collection(contributionsCollectionName).get(note);
    await first.collection(contributionsCollectionName).put({ ...old, _id: note, title: 'OLD VERSION' });
    await first.close();

    const readStore = openSqliteReadStore({ path: readModels });
    closers.push(() => readStore.close());
    const warnings: string[] = [];
    const log = {
      info: () => undefined,
      warn: (_: object, msg: string) => void warnings.push(msg),
      error: (_: object, msg: string) => void warnings.push(msg),
    };
    const runner = new ProjectionRunner({ eventStore, readStore, projections: allProjections, log, rebuildInBackground: true });
    closers.push(() => runner.stop());
    await runner.start();
    const served = servedWhileRebuilding(readStore, (collection) => runner.rebuildingState(collection));

    // start() returned before the rebuild: the contributions are "rebuilding", other read models are served.
    expect(runner.readModels).toMatchObject({ state: 'rebuilding', projections: [contributions.name] });
    const refused = await served
      .collection(contributionsCollectionName)
      .get(note)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ReadModelsRebuildingError);
    expect((refused as ReadModelsRebuildingError).status).toBe(503);
    expect((refused as ReadModelsRebuildingError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect((refused as ReadModelsRebuildingError).message).toMatch(/rebuilding its records/);
    expect((refused as ReadModelsRebuildingError).messageCode).toBe('errors.rebuilding');
    await expect(served.collection(contributionsCollectionName).find({})).rejects.toBeInstanceOf(ReadModelsRebuildingError);
    expect(await served.collection('users').count({})).toBe(shape.pupils + 1);

    // A class writes meanwhile: the live path applies it to the other read models, the rebuild replays it into its own.
    await writeEvents(eventStore, [...classEvents(1, { pupils: 3, notes: 20, views: 2 }, epoch + 1e9)]);
    await runner.waitFor(await eventStore.headPosition(), 30_000);

    await vi.waitFor(() => expect(runner.readModels).toEqual({ state: 'ready' }), { timeout: 60_000, interval: 50 });
    expect(runner.rebuildingState(contributionsCollectionName)).toBeNull();
    expect((await served.collection(contributionsCollectionName).get(note))?.title).not.toBe('OLD VERSION');
    await runner.waitFor(await eventStore.headPosition(), 30_000);
    expect(await dumpReadModels(readStore)).toEqual(await freshRebuild(eventStore));
    const checkpoints = await readStore.collection<{ _id: string; version: number; position: number }>(checkpointsCollection).find({});
    expect(checkpoints.find((c) => c._id === contributions.name)).toMatchObject({
      version: contributions.version,
      position: await eventStore.headPosition(),
    });
    expect(warnings).toEqual(['read models missing or out of date: rebuilding them from the event log']);
  }, 120_000);

  it('a stop during the background rebuild ends it cleanly; the next start rebuilds again', async () => {
    const dir = tempDataDir('buildon-background-');
    dirs.push(dir);
    const eventStore = SqliteEventStore.open(join(dir, 'events.sqlite'));
    closers.push(() => eventStore.close());
    await writeEvents(eventStore, classEvents(0, shape, epoch));
    const readModels = join(dir, 'readmodels.sqlite');
    const readStore = openSqliteReadStore({ path: readModels });
    const runner = new ProjectionRunner({ eventStore, readStore, projections: allProjections, rebuildInBackground: true });
    await runner.start();
    expect(runner.readModels.state).toBe('rebuilding');
    await runner.stop();
    await readStore.close();

    const again = openSqliteReadStore({ path: readModels });
    closers.push(() => again.close());
    const second = new ProjectionRunner({ eventStore, readStore: again, projections: allProjections });
    closers.push(() => second.stop());
    await second.start();
    expect(await dumpReadModels(again)).toEqual(await freshRebuild(eventStore));
  }, 120_000);

  it('says how far the rebuild is and how long to wait', () => {
    const state = readModelsState({ projections: ['contributions'], done: 250, total: 1_000, startedAt: 0 }, 5_000);
    expect(state).toEqual({ state: 'rebuilding', projections: ['contributions'], done: 250, total: 1_000, percent: 25, etaSeconds: 15 });
    expect(retryAfterSeconds(state)).toBe(15);
    expect(retryAfterSeconds(readModelsState({ projections: ['a'], done: 1, total: 1_000_000, startedAt: 0 }, 1_000))).toBe(30);
    expect(retryAfterSeconds(readModelsState({ projections: ['a'], done: 0, total: 10, startedAt: 0 }, 1_000))).toBe(5);
    expect(readModelsState(null)).toEqual({ state: 'ready' });
  });
});
