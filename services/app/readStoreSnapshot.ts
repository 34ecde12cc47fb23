import { MemoryReadStore } from '../adapters/memory-readstore/memoryReadStore.ts';
import type { SqliteSnapshotStore } from '../adapters/sqlite-eventstore/snapshotStore.ts';
import type { AppLog } from './logger.ts';

/**
 * The embedded read store lives in memory: it is saved as a snapshot in the
 * SQLite file now and then and at close, and restored at start, so a restart
 * replays only the events after the snapshot.
 */

/** Bumped when the snapshot layout changes; an old snapshot is then ignored. */
const snapshotFormat = 'memory-readstore/1';
const snapshotName = 'readstore';

/**
 * The read store from its snapshot, or an empty one when there is none or it
 * cannot be read (issue 20 §0: what an older version wrote must never keep the
 * server from starting). The snapshot only caches the read models: with an
 * empty store the projections rebuild every one of them from the event log.
 */
export const restoreMemoryReadStore = (snapshots: SqliteSnapshotStore, log?: AppLog): MemoryReadStore => {
  const saved = snapshots.load(snapshotName);
  if (!saved || saved.version !== snapshotFormat) return new MemoryReadStore();
  try {
    const store = MemoryReadStore.fromSnapshot(saved.bytes);
    log?.info({ checkpoint: saved.checkpoint, bytes: saved.bytes.byteLength }, 'read store snapshot loaded');
    return store;
  } catch (err) {
    log?.error({ err }, 'the read store snapshot cannot be read: rebuilding the read models from the event log');
    return new MemoryReadStore();
  }
};

export type SnapshotKeeper = {
  /** Saves the snapshot now, unless nothing was applied since the last one. */
  save(): Promise<void>;
  /** Stops the periodic saves. */
  stop(): void;
};

/**
 * Saves `take()` with the projections' position every `intervalMs` (never
 * when 0), taken while no event is being applied so the two agree.
 */
export const keepSnapshots = (options: {
  take: () => Uint8Array;
  runner: { readonly position: number; exclusive<T>(work: () => T | Promise<T>): Promise<T> };
  snapshots: SqliteSnapshotStore;
  intervalMs: number;
  log?: AppLog;
}): SnapshotKeeper => {
  const { take, runner, snapshots, log } = options;
  let savedPosition = -1;
  const save = async () => {
    const taken = await runner.exclusive(() => ({ position: runner.position, bytes: take() }));
    if (taken.position === savedPosition) return;
    snapshots.save(snapshotName, taken.position, snapshotFormat, taken.bytes);
    savedPosition = taken.position;
  };
  const timer =
    options.intervalMs > 0
      ? setInterval(() => void save().catch((err: unknown) => log?.error({ err }, 'snapshot failed')), options.intervalMs)
      : null;
  timer?.unref();
  return {
    save,
    stop: () => {
      if (timer) clearInterval(timer);
    },
  };
};
