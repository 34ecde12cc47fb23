import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RecordedEvent } from '../../contracts/events/event.ts';
import { contributionsCollectionName, contributionsProjection, type ContributionDocument } from '../../projections/contributions/index.ts';
import { allProjections } from '../../projections/index.ts';
import { checkpointsCollection, ProjectionRunner } from '../../projections/runner.ts';
import { SqliteEventStore } from '../../services/adapters/sqlite-eventstore/sqliteEventStore.ts';
import { openSqliteReadStore } from '../../services/adapters/sqlite-readstore/open.ts';
import type { SqliteReadStore } from '../../services/adapters/sqlite-readstore/sqliteReadStore.ts';
import { ReadModelCorruptError } from '../../services/core/errors.ts';
import type { Projection } from '../../services/core/projection.ts';
import {
  allEvents,
  copyEvents,
  countingProjections,
  dumpReadModels,
  freshRebuild,
  logUpTo,
  refMoves,
  seedEventLog,
} from '../support/readModels.ts';
import { tempDataDir } from '../support/testApp.ts';

const root = join(import.meta.dirname, '../..');

/** How many times `projections` apply `events` (each projection, each event it handles). */
const applications = (events: readonly Pick<RecordedEvent, 'type'>[], projections: readonly Projection[] = allProjections) =>
  projections.reduce((sum, projection) => sum + events.filter((event) => projection.handles.includes(event.type)).length, 0);

describe('read models on SQLite: checkpoints in the same transaction (issue 23 §1, §4, §5)', () => {
  let seedDir = '';
  let events: RecordedEvent[] = [];
  const dirs: string[] = [];
  const closers: (() => Promise<void>)[] = [];
  const warnings: { msg: string; obj: object }[] = [];
  const log = {
    info: () => undefined,
    warn: (obj: object, msg: string) => void warnings.push({ obj, msg }),
    error: (obj: object, msg: string) => void warnings.push({ obj, msg }),
  };

  beforeAll(async () => {
    const seed = await seedEventLog(2, 150);
    seedDir = seed.dataDir;
    const store = SqliteEventStore.open(seed.log);
    const seeded = await allEvents(store);
    await store.close();
    // A class's notes, build-ons and reads, then two rounds of rearranging its views.
    events = [...seeded, ...refMoves(seeded, 2).map((event, i) => ({ ...event, globalPosition: seeded.length + i + 1 }) as RecordedEvent)];
  }, 120_000);
  afterAll(() => rmSync(seedDir, { recursive: true, force: true }));
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    warnings.length = 0;
  });

  /** A data folder with an empty event log and the paths of its files. */
  const dataDir = () => {
    const dir = tempDataDir('buildon-restart-');
    dirs.push(dir);
    return { log: join(dir, 'events.sqlite'), readModels: join(dir, 'readmodels.sqlite') };
  };
  const openLog = (path: string) => {
    const store = SqliteEventStore.open(path);
    closers.push(() => store.close());
    return store;
  };
  const openReadModels = (path: string) => {
    const store = openSqliteReadStore({ path, log });
    closers.push(() => store.close());
    return store;
  };
  const run = async (eventStore: SqliteEventStore, readStore: SqliteReadStore, projections: readonly Projection[] = allProjections) => {
    const runner = new ProjectionRunner({ eventStore, readStore, projections, log });
    closers.push(() => runner.stop());
    await runner.start();
    return runner;
  };
  /** Read models built from the whole log, then closed: what a server leaves when it stops. */
  const builtFolder = async () => {
    const paths = dataDir();
    const eventStore = openLog(paths.log);
    await copyEvents(eventStore, events);
    const readStore = openReadModels(paths.readModels);
    const runner = await run(eventStore, readStore);
    await runner.stop();
    // A clean file: no stale copy of a row left in a free page.
    readStore.db.exec('VACUUM');
    await readStore.close();
    // Its first start had no read models to resume from: that warning is not the test's.
    warnings.length = 0;
    return { ...paths, eventStore };
  };

  it('restarts from its checkpoint: no rebuild, no event applied twice, the same read models as a fresh rebuild', async () => {
    const paths = dataDir();
    const eventStore = openLog(paths.log);
    const half = Math.floor(events.length / 2);
    const first = countingProjections();
    let readStore = openReadModels(paths.readModels);
    let runner = await run(eventStore, readStore, first.projections);
    await copyEvents(eventStore, events.slice(0, half));
    await runner.waitFor(await eventStore.headPosition());
    await runner.stop();
    await readStore.close();
    expect(first.counts.total).toBe(applications(events.slice(0, half)));

    readStore = openReadModels(paths.readModels);
    const rebuilds = vi.spyOn(readStore, 'beginRebuild');
    const second = countingProjections();
    runner = await run(eventStore, readStore, second.projections);
    expect(rebuilds).not.toHaveBeenCalled();
    expect(second.counts.total).toBe(0);
    expect(runner.position).toBe(half);

    await copyEvents(eventStore, events.slice(half));
    await runner.waitFor(await eventStore.headPosition());
    expect(second.counts.total).toBe(applications(events.slice(half)));
    expect(rebuilds).not.toHaveBeenCalled();
    expect(await dumpReadModels(readStore)).toEqual(await freshRebuild(eventStore));
    expect(warnings).toEqual([]);
  });

  it('after a SIGKILL during projection, every read model is exactly what its checkpoint says, and the restart resumes from it', async () => {
    const paths = dataDir();
    const eventStore = openLog(paths.log);
    // Read models started on the empty log (checkpoints at 0), then the log fills while no server runs.
    const readStore = openReadModels(paths.readModels);
    await (await run(eventStore, readStore)).stop();
    await readStore.close();
    await copyEvents(eventStore, events);
    const head = await eventStore.headPosition();

    const output = await runAndKill(paths.log, paths.readModels, 'APPLIED', 300);
    expect(output).not.toContain('DONE');

    const reopened = openReadModels(paths.readModels);
    const checkpoints = await reopened.collection<{ _id: string; position: number }>(checkpointsCollection).find({});
    expect(checkpoints.map((c) => c._id).sort()).toEqual(allProjections.map((p) => p.name).sort());
    // Each batch writes the checkpoints of the projections it changed; one that
    // handled none of the events since its stored checkpoint may stay behind
    // (the runner writes it on a timer), but never behind an event it handles.
    const at = Math.max(...checkpoints.map((c) => c.position));
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThan(head);
    for (const { _id, position } of checkpoints) {
      const projection = allProjections.filter((p) => p.name === _id);
      expect(applications(events.slice(position, at), projection), `${_id} at ${position} of ${at}`).toBe(0);
    }
    // Neither ahead of nor behind its checkpoint: the read models of the first `at` events, exactly.
    expect(await dumpReadModels(reopened)).toEqual(await freshRebuild(logUpTo(eventStore, at)));

    const rebuilds = vi.spyOn(reopened, 'beginRebuild');
    const counting = countingProjections();
    await run(eventStore, reopened, counting.projections);
    expect(rebuilds).not.toHaveBeenCalled();
    expect(counting.counts.total).toBe(applications(events.slice(at)));
    expect(await dumpReadModels(reopened)).toEqual(await freshRebuild(eventStore));
  });

  it('writes with each batch only the checkpoints of the read models it changed; the others follow on a timer', async () => {
    const paths = dataDir();
    const eventStore = openLog(paths.log);
    const readStore = openReadModels(paths.readModels);
    const runner = await run(eventStore, readStore);
    const at = events.findIndex((event) => event.type === 'LinkUpdated');
    await copyEvents(eventStore, events.slice(0, at));
    await runner.waitFor(await eventStore.headPosition());
    // Every write of checkpoints, as the sets of projections written together.
    const writes: { name: string; position: number }[][] = [];
    const collection = readStore.collection.bind(readStore);
    vi.spyOn(readStore, 'collection').mockImplementation(((name: string) => {
      const handle = collection(name);
      if (name !== checkpointsCollection) return handle;
      return Object.assign(Object.create(handle) as object, {
        putMany: async (docs: { _id: string; position: number }[]) => {
          writes.push(docs.map((doc) => ({ name: doc._id, position: doc.position })));
          return handle.putMany(docs);
        },
      });
    }) as typeof readStore.collection);

    // A move: the contributions, history and analytics read models change; users, reads, feedback … do not.
    const move = events[at] as RecordedEvent;
    const { lastPosition } = await eventStore.append(move.streamName, [{ type: move.type, data: move.data, metadata: move.metadata }]);
    await runner.waitFor(lastPosition);
    const handling = allProjections.filter((p) => p.handles.includes('LinkUpdated')).map((p) => p.name);
    expect(handling.length).toBeLessThan(allProjections.length);
    const withTheMove = writes.find((names) => names.some((w) => w.name === handling[0] && w.position === lastPosition));
    expect(withTheMove?.map((w) => w.name).sort()).toEqual([...handling].sort());
    // Within the timer's period, every checkpoint reaches the log's head.
    const stored = async () => (await collection<{ _id: string; position: number }>(checkpointsCollection).find({})).map((c) => c.position);
    await vi.waitFor(async () => expect(new Set(await stored())).toEqual(new Set([lastPosition])), { timeout: 2_000 });
  });

  it('rebuilds a projection whose version changed, and only that one, with a warning saying why', async () => {
    const { readModels, eventStore } = await builtFolder();
    const bumped = allProjections.map((p) => (p.name === contributionsProjection.name ? { ...p, version: p.version + 1 } : p));
    const readStore = openReadModels(readModels);
    const rebuilds = vi.spyOn(readStore, 'beginRebuild');
    await run(eventStore, readStore, bumped);
    expect(rebuilds).toHaveBeenCalledTimes(1);
    expect(rebuilds.mock.calls[0]?.[0].map((spec) => spec.name)).toEqual(contributionsProjection.collections.map((spec) => spec.name));
    expect(warnings).toEqual([
      {
        msg: 'read models missing or out of date: rebuilding them from the event log',
        obj: {
          projections: [
            {
              projection: 'contributions',
              reason: `version ${contributionsProjection.version} is now ${contributionsProjection.version + 1}`,
            },
          ],
        },
      },
    ]);
    expect(await dumpReadModels(readStore)).toEqual(await freshRebuild(eventStore));
  });

  it('sets a damaged file aside and rebuilds every read model from the log, with warnings', async () => {
    const { readModels, eventStore } = await builtFolder();
    const bytes = readFileSync(readModels);
    bytes.fill(0x42, 0, 512);
    writeFileSync(readModels, bytes);
    const readStore = openReadModels(readModels);
    await run(eventStore, readStore);
    expect(warnings.map((w) => w.msg)).toEqual([
      'the read models file cannot be used: set aside; every read model is rebuilt from the event log',
      'read models missing or out of date: rebuilding them from the event log',
    ]);
    expect(await dumpReadModels(readStore)).toEqual(await freshRebuild(eventStore));
  });

  it('never serves a title changed on disk: the checksum catches it, the read model is rebuilt with a warning', async () => {
    const { readModels, eventStore } = await builtFolder();
    let readStore = openReadModels(readModels);
    const contributions = readStore.collection<ContributionDocument>(contributionsCollectionName);
    const note = await contributions.findOne({ title: 'Idea 7' });
    if (!note) throw new Error('no note titled Idea 7');
    const [{ tid } = { tid: 0 }] = readStore.db
      .prepare<[string], { tid: number }>('SELECT tid FROM rs_collections WHERE name = ?')
      .all(contributionsCollectionName);
    const { doc } = readStore.db.prepare<[string], { doc: string }>(`SELECT doc FROM t${tid}_docs WHERE id = ?`).get(note._id) ?? {
      doc: '',
    };
    await readStore.close();

    // One changed byte in the file: "Idea 7" becomes "Idea 9" in that note's row.
    const bytes = readFileSync(readModels);
    const row = bytes.indexOf(Buffer.from(doc));
    expect(row).toBeGreaterThan(0);
    const title = bytes.indexOf(Buffer.from('"title":"Idea 7"'), row);
    bytes[title + '"title":"Idea '.length] = '9'.charCodeAt(0);
    writeFileSync(readModels, bytes);

    readStore = openReadModels(readModels);
    await run(eventStore, readStore);
    const reopened = readStore.collection<ContributionDocument>(contributionsCollectionName);
    await expect(reopened.get(note._id)).rejects.toBeInstanceOf(ReadModelCorruptError);
    expect(warnings.map((w) => w.msg)).toContain('a read model is damaged: rebuilding it from the event log');
    await expect.poll(async () => (await reopened.get(note._id).catch(() => null))?.title, { timeout: 20_000 }).toBe('Idea 7');
    expect(await dumpReadModels(readStore)).toEqual(await freshRebuild(eventStore));
  });
});

/**
 * Runs tests/support/projectionCrashChild.ts over the log and read models,
 * waits until it printed `marker` `count` times, then SIGKILLs it (no shutdown,
 * no flush: a crash in the middle of a projection batch).
 */
const runAndKill = async (log: string, readModels: string, marker: string, count: number): Promise<string> => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/projectionCrashChild.ts', log, readModels], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let seen = 0;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${marker} within 60 s:\n${output}`)), 60_000);
    child.stdout.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      seen += text.split('\n').filter((line) => line === marker).length;
      if (seen < count) return;
      clearTimeout(timer);
      child.kill('SIGKILL');
      resolve();
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`child exited (${code}) before ${marker}:\n${output}`));
    });
  });
  await exited;
  return output;
};
