import { mkdtempSync, readdirSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { ImportedEvent } from '../../core/eventStore.ts';
import type { Config } from '../../app/config.ts';
import { openInfrastructure, type PasswordHasher } from '../../app/infrastructure.ts';
import { schoolClock, schoolDayStart } from './district.ts';
import { openClass, playDay } from './playClass.ts';
import { planClass, type ClassSize } from './plan.ts';

/**
 * The fast way to seed a district (issue 23 §7): each class is played alone
 * through the same use cases as `seedDistrict`, but on a scratch data folder
 * (in /dev/shm when it has room: no fsync per command) with the memory read
 * store, so a command costs no durable commit and no SQLite read-model
 * write. The classes' logs are then merged in time order (as the classes
 * would have written them side by side) into the real event store in
 * batches of `batchSize` events, one transaction each (`importBatches`, as
 * `kf import`), and the caller builds the read models once from the log.
 *
 * Every class's scratch run makes its own `seed-admin`; the merge keeps the
 * first class's and points the others' events at it (the admin only creates
 * the communities and is their first manager, as in `seedDistrict`).
 */

type ScratchClass = { index: number; communityId: string; adminId: string; file: string };

export type ClassByClassOptions = {
  classes: number;
  size: ClassSize;
  seed: number;
  /** The configuration of the target (only its flags matter: the scratch runs are embedded and in memory). */
  config: Config;
  passwords: PasswordHasher;
  password: string;
  /** Called after each class is played, and while the merge appends. */
  onClass?: (done: number, total: number) => void;
  onMerged?: (events: number) => void;
  batchSize?: number;
};

type BulkTarget = { importBatches(batches: AsyncIterable<readonly ImportedEvent[]>): Promise<{ events: number; lastPosition: number }> };

/** Bytes a class's scratch log takes (~21,000 events of a real-size class: ~15 MB), with room. */
const scratchBytesPerClass = 48 * 1024 * 1024;

/**
 * /dev/shm when it has room for every class's log (no fsync at all there; a
 * container's is often 64 MB), else the temporary folder.
 */
const scratchRoot = (classes: number): string => {
  let shm = false;
  try {
    const stats = statfsSync('/dev/shm');
    shm = stats.bavail * stats.bsize > classes * scratchBytesPerClass;
  } catch {
    // No /dev/shm here.
  }
  return mkdtempSync(join(shm ? '/dev/shm' : tmpdir(), 'buildon-seed-'));
};

/** Plays class `index` alone into `dir` (a fresh data folder): answers its community and admin. */
const playAlone = async (dir: string, index: number, options: ClassByClassOptions): Promise<Omit<ScratchClass, 'file'>> => {
  const clock = schoolClock();
  const config: Config = {
    ...options.config,
    dataDir: dir,
    embeddedReadStore: 'memory',
    eventStoreUrl: null,
    mongoUrl: null,
    redisUrl: null,
    snapshotIntervalMs: 0,
  };
  const infra = await openInfrastructure(config, { clock, passwords: options.passwords, readModelWaitMs: 120_000 });
  try {
    const { user: admin } = await infra.accounts.createOrPromoteAdmin({ userName: 'seed-admin', password: options.password });
    const plan = planClass(index, options.size, options.seed);
    const state = await openClass(infra, admin, plan);
    const start = clock.now();
    for (let day = 0; day < options.size.days; day++) {
      const dayStart = schoolDayStart(start, day + 1);
      clock.set(dayStart);
      const today = Math.max(1, plan.days[day]?.length ?? 0);
      let done = 0;
      // The class's actions of the day spread from 8:30 to 15:00, as `seedDistrict` spreads the district's.
      await playDay(infra, state, day, () => clock.set(new Date(dayStart.getTime() + Math.floor((++done / today) * 6.5 * 3_600_000))));
    }
    return { index, communityId: state.communityId, adminId: admin._id };
  } finally {
    await infra.close();
  }
};

type Row = { position: number; event_id: string; stream: string; revision: number; type: string; data: string; metadata: string };

/** Reads one scratch log in pages, in its order; `at` is each event's time (what the merge orders by). */
class ScratchCursor {
  private readonly db: Database.Database;
  private readonly page: Database.Statement<[number, number], Row>;
  private rows: Row[] = [];
  private next = 0;
  private after = 0;
  head: (Row & { at: string }) | null = null;

  constructor(
    readonly scratch: ScratchClass,
    private readonly skipStreams: ReadonlySet<string>,
    private readonly rename: ((text: string) => string) | null,
  ) {
    this.db = new Database(scratch.file, { readonly: true });
    this.page = this.db.prepare<[number, number], Row>(
      'SELECT position, event_id, stream, revision, type, data, metadata FROM events WHERE position > ? ORDER BY position LIMIT ?',
    );
    this.advance();
  }

  advance(): void {
    for (;;) {
      if (this.next >= this.rows.length) {
        this.rows = this.page.all(this.after, 2_000);
        this.next = 0;
        if (this.rows.length === 0) {
          this.head = null;
          this.db.close();
          return;
        }
        this.after = (this.rows[this.rows.length - 1] as Row).position;
      }
      const row = this.rows[this.next++] as Row;
      if (this.skipStreams.has(row.stream)) continue;
      const data = this.rename ? this.rename(row.data) : row.data;
      const metadata = this.rename ? this.rename(row.metadata) : row.metadata;
      this.head = { ...row, data, metadata, at: (JSON.parse(metadata) as { at: string }).at };
      return;
    }
  }
}

/** The scratch logs' events, merged by time (a class's own order kept; ties go to the lower class). */
async function* merged(scratches: readonly ScratchClass[], first: Row[], batchSize: number): AsyncGenerator<ImportedEvent[]> {
  const admin = scratches[0]?.adminId ?? '';
  // The admin's own streams (its registration, its user name's claim) come from the first class only.
  const claims = first.filter((row) => row.type === 'UserNameClaimed').map((row) => row.stream);
  const cursors = scratches.map((scratch, k) =>
    k === 0
      ? new ScratchCursor(scratch, new Set(), null)
      : new ScratchCursor(scratch, new Set([`user-${scratch.adminId}`, ...claims]), (text) => text.replaceAll(scratch.adminId, admin)),
  );
  let batch: ImportedEvent[] = [];
  for (;;) {
    let best: ScratchCursor | null = null;
    for (const cursor of cursors) if (cursor.head && (!best?.head || cursor.head.at < best.head.at)) best = cursor;
    const row = best?.head;
    if (!best || !row) break;
    batch.push({
      type: row.type,
      data: row.data,
      metadata: row.metadata,
      streamName: row.stream,
      streamRevision: row.revision,
      eventId: row.event_id,
    });
    best.advance();
    if (batch.length >= batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * Plays `classes` classes one at a time on scratch data folders and appends
 * their merged logs to `target` (an empty SQLite event store). Answers the
 * classes and how many events were appended. The scratch folders are deleted.
 */
export const seedClassByClass = async (
  target: BulkTarget,
  options: ClassByClassOptions,
): Promise<{ classes: { index: number; communityId: string; title: string }[]; events: number }> => {
  const root = scratchRoot(options.classes);
  try {
    const scratches: ScratchClass[] = [];
    for (let index = 0; index < options.classes; index++) {
      const dir = join(root, `class-${index}`);
      const played = await playAlone(dir, index, options);
      // Only the log is kept (the blobs, read-model snapshot and settings of the scratch run are not).
      for (const name of readdirSync(dir)) {
        if (!name.startsWith('buildon.sqlite')) rmSync(join(dir, name), { recursive: true, force: true });
      }
      scratches.push({ ...played, file: join(dir, 'buildon.sqlite') });
      options.onClass?.(index + 1, options.classes);
    }
    // The admin's first events (its claim and registration), before its first community.
    const firstDb = new Database(scratches[0]?.file ?? ':memory:', { readonly: true });
    const adminRows = firstDb
      .prepare<[string, string], Row>(
        "SELECT * FROM events WHERE stream = ? OR (type = 'UserNameClaimed' AND data LIKE ?) ORDER BY position",
      )
      .all(`user-${scratches[0]?.adminId}`, `%"userId":"${scratches[0]?.adminId}"%`);
    firstDb.close();
    let events = 0;
    const batches = async function* () {
      for await (const batch of merged(scratches, adminRows, options.batchSize ?? 10_000)) {
        yield batch;
        events += batch.length;
        options.onMerged?.(events);
      }
    };
    await target.importBatches(batches());
    return {
      classes: scratches.map((s) => ({ index: s.index, communityId: s.communityId, title: `Classe ${s.index + 1}` })),
      events,
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
};
