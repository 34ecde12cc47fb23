import type { RecordedEvent } from '../contracts/events/event.ts';
import type { EventStore, Subscription } from '../services/core/eventStore.ts';
import type { Projection, ProjectionContext } from '../services/core/projection.ts';
import { ReadModelCorruptError } from '../services/core/errors.ts';
import type { CollectionSpec, ReadStore } from '../services/core/readStore.ts';
import { readModelsState, type BackgroundProgress, type ReadModelsState } from './backgroundRebuild.ts';
import { forgetApplied, quarantine, quarantineCollection } from './quarantine.ts';
import { writeBehindContext } from './writeBehind.ts';

export const checkpointsCollection = '_checkpoints';
export { quarantineCollection, type QuarantinedEvent } from './quarantine.ts';

const initialRetryDelayMs = 100;
const maxRetryDelayMs = 5_000;

type CheckpointDoc = { _id: string; position: number; version: number };

/** The projections writing `collection`. */
const owners = (projections: readonly Projection[], collection: string): string[] =>
  projections.filter((p) => p.collections.some((spec) => spec.name === collection)).map((p) => p.name);

export type RebuildProgress = { projection: string[]; done: number; total: number };
export type RebuildResult = { projections: string[]; events: number; ms: number; eventsPerSecond: number };

export type RunnerOptions = {
  eventStore: EventStore;
  readStore: ReadStore;
  projections: readonly Projection[];
  /**
   * `active` applies events (embedded: right after each append, so a command's
   * reply can wait for its own events; at scale: in the worker process).
   * `follower` applies nothing and only watches the stored checkpoints, for API
   * nodes at scale that must still offer read-your-writes.
   */
  mode?: 'active' | 'follower';
  log?: { info(obj: object, msg: string): void; error(obj: object, msg: string): void; warn?(obj: object, msg: string): void };
  batchSize?: number;
  /**
   * Events a rebuild folds in memory between two writes to the fresh
   * collections (one transaction each), default 5,000 (2,000 in the
   * background, so that a request never waits long behind a write): a
   * document changed by many events of the span is written once, and each
   * commit's page writes are shared by more events. Pages of the log are
   * still read `batchSize` at a time.
   */
  rebuildFlushEvents?: number;
  /**
   * Rebuild read models found missing or of an older projection version in
   * the background (the API server, issue 23 §5): `start()` returns at once,
   * their collections read as rebuilding (`rebuildingState`) and the live
   * path leaves them alone until the rebuild swaps them in. Otherwise (the
   * CLI, tests) `start()` rebuilds them before it returns.
   */
  rebuildInBackground?: boolean;
};

/**
 * Runs projections over the global log: catch-up from each projection's
 * checkpoint, then the live tail. All writes to live collections go through
 * one serial queue, so snapshots and rebuild swaps see a consistent state.
 *
 * Over a store with transactions (SQLite), each batch of events is applied
 * with the checkpoints it moves in one transaction, so a restart resumes from
 * the checkpoint and a crash never leaves a read model ahead of or behind it;
 * a rebuild swaps its collections in with their checkpoints. Other stores
 * (memory, MongoDB) save checkpoints on a timer, projections being idempotent.
 */
export class ProjectionRunner {
  private readonly projections: readonly Projection[];
  private readonly checkpoints = new Map<string, number>();
  private dirtyCheckpoints = new Set<string>();
  /**
   * Projections that applied (or quarantined) an event since their checkpoint
   * was last written. Over a transactional store only their checkpoints are
   * written with each batch: the others' read models did not change, so a
   * stored checkpoint behind the log is still exact for them (a restart skips
   * the events they do not handle). A timer writes those every 250 ms.
   */
  private touchedCheckpoints = new Set<string>();
  private processed = 0;
  private waiters: { position: number; resolve: () => void }[] = [];
  private serial: Promise<unknown> = Promise.resolve();
  private subscription: Subscription | null = null;
  private flushTimer: ReturnType<typeof setInterval> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private retryDelayMs = initialRetryDelayMs;
  private stopped = false;
  /** Projections being rebuilt because their read model was found damaged. */
  private readonly repairing = new Set<string>();
  /**
   * Projections that met damage while applying an event: their checkpoint stays
   * before it until the repair swaps in, so a crash meanwhile replays it.
   */
  private readonly frozen = new Set<string>();
  private stopListening: (() => void) | null = null;
  /** Projections rebuilt in the background since the start: the live path skips them until their swap. */
  private readonly inBackground = new Set<string>();
  private background: (BackgroundProgress & { run: Promise<void> }) | null = null;
  /** Ends the pause of a background rebuild waiting to try again (stop). */
  private wakeBackground: (() => void) | null = null;

  constructor(private readonly options: RunnerOptions) {
    this.projections = options.projections;
    const names = new Set<string>();
    for (const projection of this.projections) {
      if (names.has(projection.name)) throw new Error(`Duplicate projection ${projection.name}`);
      names.add(projection.name);
    }
  }

  /** Position of the last event applied (active) or checkpointed by all projections (follower). */
  get position(): number {
    return this.processed;
  }

  get projectionNames(): string[] {
    return this.projections.map((p) => p.name);
  }

  async start(): Promise<void> {
    const { readStore } = this.options;
    await readStore.ensureCollection({ name: checkpointsCollection });
    await readStore.ensureCollection({ name: quarantineCollection });
    for (const spec of this.allSpecs()) await readStore.ensureCollection(spec);
    const byName = new Map((await this.storedCheckpoints()).map((doc) => [doc._id, doc]));

    if (this.options.mode === 'follower') {
      this.processed = Math.min(...this.projections.map((p) => byName.get(p.name)?.position ?? 0), Infinity);
      if (!Number.isFinite(this.processed)) this.processed = 0;
      this.flushTimer = setInterval(() => void this.pollCheckpoints(), 100);
      return;
    }

    this.stopListening = readStore.onCorruption?.((collection, error) => this.repair(owners(this.projections, collection), error)) ?? null;
    const stale = this.projections.filter((p) => byName.get(p.name)?.version !== p.version);
    for (const projection of this.projections) {
      const doc = byName.get(projection.name);
      this.checkpoints.set(projection.name, doc && doc.version === projection.version ? doc.position : 0);
    }
    if (stale.length > 0 && (await this.options.eventStore.headPosition()) > 0) {
      const reasons = stale.map((p) => {
        const doc = byName.get(p.name);
        return { projection: p.name, reason: doc ? `version ${doc.version} is now ${p.version}` : 'no read model' };
      });
      this.warn({ projections: reasons }, 'read models missing or out of date: rebuilding them from the event log');
    }
    if (stale.length > 0 && this.options.rebuildInBackground && (await this.options.eventStore.headPosition()) > 0) {
      this.rebuildInBackground(stale.map((p) => p.name));
    } else if (stale.length > 0) await this.rebuild(stale.map((p) => p.name));

    const applied = this.projections.filter((p) => !this.inBackground.has(p.name)).map((p) => this.checkpoints.get(p.name) ?? 0);
    this.processed = Math.min(...applied, Infinity);
    if (!Number.isFinite(this.processed)) this.processed = await this.options.eventStore.headPosition();
    // What the log holds beyond the checkpoints, in batches (one transaction each), then the live tail.
    await this.catchUp();
    this.subscribe();
    this.flushTimer = setInterval(
      () => void this.enqueue(() => this.atomically(() => this.flushCheckpoints())).catch((error: unknown) => this.flushFailed(error)),
      250,
    );
    // Serve nothing older than the log: catch up before start() returns.
    await this.waitFor(await this.options.eventStore.headPosition(), 10 * 60_000);
  }

  /**
   * Rebuilds `names` while the server answers (see `rebuildInBackground`),
   * trying again after a failure until it succeeds or the runner stops.
   */
  private rebuildInBackground(names: string[]): void {
    for (const name of names) this.inBackground.add(name);
    const background = { projections: names, done: 0, total: 0, startedAt: performance.now(), run: Promise.resolve() };
    const track = (progress: RebuildProgress) => {
      background.done = progress.done;
      background.total = progress.total;
    };
    const run = async (): Promise<void> => {
      for (let delayMs = 1_000; !this.stopped; delayMs = Math.min(delayMs * 2, 60_000)) {
        try {
          const result = await this.rebuild(names, track, { background: true });
          this.options.log?.info(
            { projections: names, events: result.events, ms: Math.round(result.ms) },
            'read models rebuilt in the background',
          );
          return;
        } catch (error) {
          if (this.stopped) return;
          this.options.log?.error(
            { err: error, projections: names, retryInMs: delayMs },
            'rebuilding read models in the background failed',
          );
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, delayMs);
            this.wakeBackground = () => (clearTimeout(timer), resolve());
          });
        }
      }
    };
    this.background = background;
    background.run = run().finally(() => {
      if (this.background === background) this.background = null;
    });
  }

  /** Whether the read models are ready, or being rebuilt in the background and how far (GET /api/version). */
  get readModels(): ReadModelsState {
    return readModelsState(this.inBackground.size > 0 ? this.background : null);
  }

  /** The state of a collection whose projection is being rebuilt in the background, or null when it can be read. */
  rebuildingState(collection: string): ReadModelsState | null {
    if (this.inBackground.size === 0) return null;
    return owners(this.projections, collection).some((name) => this.inBackground.has(name)) ? this.readModels : null;
  }

  /** The stored checkpoints; none (so every read model is rebuilt) when they cannot be read. */
  private async storedCheckpoints(): Promise<CheckpointDoc[]> {
    try {
      return await this.options.readStore.collection<CheckpointDoc>(checkpointsCollection).find({});
    } catch (error) {
      if (!(error instanceof ReadModelCorruptError)) throw error;
      this.warn({ err: error }, 'the projection checkpoints cannot be read: rebuilding every read model from the event log');
      return [];
    }
  }

  private get transactional(): boolean {
    return typeof this.options.readStore.transaction === 'function';
  }

  /** Runs `fn` as one unit of the read store when it has transactions. */
  private atomically<T>(fn: () => Promise<T>): Promise<T> {
    const { readStore } = this.options;
    return readStore.transaction ? readStore.transaction(fn) : fn();
  }

  /** A timed checkpoint write failed: the checkpoints stay where they were stored, and the next write tries again. */
  private flushFailed(error: unknown): void {
    if (!this.stopped) this.options.log?.error({ err: error }, 'writing the projection checkpoints failed; retrying');
  }

  private warn(obj: object, msg: string): void {
    (this.options.log?.warn ?? this.options.log?.info)?.call(this.options.log, obj, msg);
  }

  /** Applies the events after the checkpoints in batches, before following the live tail. */
  private async catchUp(): Promise<void> {
    const batchSize = this.options.batchSize ?? 1_000;
    for (;;) {
      const batch = await this.options.eventStore.readAll({ after: this.processed, maxCount: batchSize });
      if (batch.length > 0) await this.enqueue(() => this.applyLive(batch));
      if (batch.length < batchSize) return;
    }
  }

  /**
   * Rebuilds, once at a time, projections whose read model was found damaged.
   * Readers of the damage get ReadModelCorruptError (503) until the swap.
   */
  private repair(projections: readonly string[], error: Error): void {
    const names = projections.filter((name) => !this.repairing.has(name));
    if (names.length === 0 || this.stopped) return;
    for (const name of names) this.repairing.add(name);
    this.warn({ err: error, projections: names }, 'a read model is damaged: rebuilding it from the event log');
    void this.rebuild(names)
      .then(() => this.options.log?.info({ projections: names }, 'damaged read model rebuilt'))
      .catch((rebuildError: unknown) =>
        this.options.log?.error({ err: rebuildError, projections: names }, 'rebuilding a damaged read model failed'),
      )
      .finally(() => {
        for (const name of names) this.repairing.delete(name);
      });
  }

  /**
   * Resolves once every event up to `position` is applied: command routes call
   * it before replying (read-your-writes).
   */
  waitFor(position: number, timeoutMs = 10_000): Promise<void> {
    if (position <= this.processed) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const waiter = { position, resolve: () => (clearTimeout(timer), resolve()) };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new Error(`Projections did not reach position ${position} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  /** Runs `fn` between two event applications (consistent snapshot of live collections). */
  exclusive<T>(fn: () => T | Promise<T>): Promise<T> {
    return this.enqueue(async () => {
      await this.flushCheckpoints();
      return fn();
    });
  }

  /**
   * Replays the whole log into fresh collections for these projections (all
   * when `names` is empty) and swaps them in; readers keep the old data until
   * the swap. Live events keep flowing into the old collections meanwhile and
   * are replayed into the new ones before the swap.
   */
  async rebuild(
    names: string[] = [],
    onProgress?: (progress: RebuildProgress) => void,
    options: { background?: boolean } = {},
  ): Promise<RebuildResult> {
    const selected = names.length === 0 ? [...this.projections] : names.map((name) => this.projectionByName(name));
    const started = performance.now();
    const { eventStore, readStore } = this.options;
    const target = await readStore.beginRebuild(selected.flatMap((p) => p.collections));
    const context = writeBehindContext((name) => target.collection(name), { fresh: true });
    const handlers = selected.map((projection) => ({ projection, types: new Set(projection.handles) }));
    const total = await eventStore.headPosition();
    const batchSize = this.options.batchSize ?? 1_000;
    const flushEvery = Math.max(batchSize, this.options.rebuildFlushEvents ?? (options.background ? 2_000 : 5_000));
    const label = selected.map((p) => p.name);
    // What this replay quarantines again; see the clean-up after the swap.
    const requarantined = new Set<string>();
    let after = 0;
    let events = 0;
    /** Events folded since the last write to the fresh collections. */
    let unwritten = 0;

    /**
     * Replays up to `limit`. Each batch's writes are one transaction that must
     * not overlap a live event's (a SQLite connection has one transaction: a
     * rollback of either would take the other's writes): outside the serial
     * queue they go through it, inside it (`queued`) they run as they are.
     */
    const replayUntil = async (limit: number, queued: boolean) => {
      const flush = () => this.atomically(() => context.flush());
      for (;;) {
        // A background rebuild gives way to a stop (the store is closing); an operator's waits for it.
        if (options.background) {
          // The embedded stores answer without I/O waits, so a replay would hold the event loop to the end: let requests in.
          await new Promise<void>((resolve) => setImmediate(resolve));
          if (this.stopped) throw new Error('The projection runner stopped during a rebuild');
        }
        const batch = await eventStore.readAll({ after, maxCount: batchSize });
        let applied = 0;
        for (const event of batch) {
          if (event.globalPosition > limit) break;
          for (const { projection, types } of handlers) {
            if (!types.has(event.type)) continue;
            try {
              await projection.apply(event, context);
            } catch (error) {
              requarantined.add(await quarantine(this.options.readStore, this.options.log, projection, event, error));
            }
          }
          after = event.globalPosition;
          applied++;
        }
        events += applied;
        unwritten += applied;
        const last = applied < batch.length || batch.length < batchSize;
        if (last || unwritten >= flushEvery) {
          // One transaction for the span's writes to every fresh collection, not one per collection.
          await (queued ? flush() : this.enqueue(flush));
          unwritten = 0;
        }
        onProgress?.({ projection: label, done: after, total: Math.max(total, after) });
        if (last) return;
      }
    };

    try {
      await replayUntil(total, false);
      await this.enqueue(async () => {
        // Whatever the live path applied since we started is replayed here too.
        const live = this.options.mode === 'follower' ? await eventStore.headPosition() : this.processed;
        await replayUntil(Math.max(live, after), true);
        const position = Math.max(live, after);
        // The swap and the checkpoints it implies in one unit: a crash leaves the old models with their old checkpoints.
        await this.atomically(async () => {
          await target.commit();
          await forgetApplied(this.options.readStore, this.options.log, label, requarantined);
          for (const projection of selected) {
            this.checkpoints.set(projection.name, position);
            this.dirtyCheckpoints.add(projection.name);
            this.frozen.delete(projection.name);
            // From the next event on, the live path applies it again (in this same serial task: none is skipped).
            this.inBackground.delete(projection.name);
          }
          await this.flushCheckpoints();
        });
      });
    } catch (error) {
      await target.abort();
      throw error;
    }
    const ms = performance.now() - started;
    return { projections: label, events, ms, eventsPerSecond: ms > 0 ? (events * 1000) / ms : events };
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopListening?.();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.flushTimer) clearInterval(this.flushTimer);
    this.flushTimer = null;
    await this.subscription?.close();
    this.subscription = null;
    this.wakeBackground?.();
    await this.background?.run;
    await this.enqueue(() => this.flushCheckpoints());
  }

  /**
   * Follows the log from the last applied event. A subscription that fails
   * (a dropped EventStoreDB connection, a storage error) is opened again from
   * there, with a growing pause, instead of leaving the read models stale.
   */
  private subscribe(): void {
    if (this.stopped) return;
    this.subscription = this.options.eventStore.subscribeToAll({
      after: this.processed,
      onEvent: (event) => {
        this.retryDelayMs = initialRetryDelayMs;
        return this.enqueue(() => this.applyLive([event]));
      },
      onError: (error) => {
        this.subscription = null;
        if (this.stopped) return;
        this.options.log?.error({ err: error, retryInMs: this.retryDelayMs }, 'projection subscription failed; resubscribing');
        this.retryTimer = setTimeout(() => this.subscribe(), this.retryDelayMs);
        this.retryDelayMs = Math.min(this.retryDelayMs * 2, maxRetryDelayMs);
      },
    });
  }

  /**
   * Applies `events` to every projection not past them. Over a transactional
   * store the changes and the checkpoints they move are one unit: if it fails,
   * nothing of it stays and the checkpoints in memory go back too.
   */
  private async applyLive(events: readonly RecordedEvent[]): Promise<void> {
    const last = events[events.length - 1];
    if (!last) return;
    const before = new Map(this.checkpoints);
    try {
      await this.atomically(async () => {
        for (const event of events) await this.applyToProjections(event);
        if (this.transactional) await this.flushCheckpoints('touched');
      });
    } catch (error) {
      for (const [name, position] of before) this.checkpoints.set(name, position);
      throw error;
    }
    this.processed = last.globalPosition;
    this.releaseWaiters();
  }

  private async applyToProjections(event: RecordedEvent): Promise<void> {
    const context: ProjectionContext = { collection: (name) => this.options.readStore.collection(name) };
    for (const projection of this.projections) {
      if (this.inBackground.has(projection.name)) continue;
      const checkpoint = this.checkpoints.get(projection.name) ?? 0;
      if (checkpoint >= event.globalPosition) continue;
      if (projection.handles.includes(event.type)) {
        this.touchedCheckpoints.add(projection.name);
        try {
          await projection.apply(event, context);
        } catch (error) {
          // A projection must not throw on a recorded event; if one does, it is
          // quarantined rather than stall every read model behind it. Damage in
          // the store is no fault of the event: the repair rebuild replays it.
          if (error instanceof ReadModelCorruptError) {
            this.frozen.add(projection.name);
            this.repair([projection.name], error);
          } else await quarantine(this.options.readStore, this.options.log, projection, event, error);
        }
      }
      if (this.frozen.has(projection.name)) continue;
      this.checkpoints.set(projection.name, event.globalPosition);
      this.dirtyCheckpoints.add(projection.name);
    }
  }

  /** Writes the checkpoints that moved: all of them, or those of projections whose read model changed with them. */
  private async flushCheckpoints(scope: 'all' | 'touched' = 'all'): Promise<void> {
    const dirty = [...this.dirtyCheckpoints].filter((name) => scope === 'all' || this.touchedCheckpoints.has(name));
    if (dirty.length === 0) return;
    const collection = this.options.readStore.collection<CheckpointDoc>(checkpointsCollection);
    await collection.putMany(
      dirty.map((name) => ({ _id: name, position: this.checkpoints.get(name) ?? 0, version: this.projectionByName(name).version })),
    );
    for (const name of dirty) {
      this.dirtyCheckpoints.delete(name);
      this.touchedCheckpoints.delete(name);
    }
  }

  private async pollCheckpoints(): Promise<void> {
    const docs = await this.options.readStore.collection<CheckpointDoc>(checkpointsCollection).find({});
    const byName = new Map(docs.map((doc) => [doc._id, doc.position]));
    const position = Math.min(...this.projections.map((p) => byName.get(p.name) ?? 0));
    if (position > this.processed) {
      this.processed = position;
      this.releaseWaiters();
    }
  }

  private releaseWaiters(): void {
    if (this.waiters.length === 0) return;
    const ready = this.waiters.filter((w) => w.position <= this.processed);
    this.waiters = this.waiters.filter((w) => w.position > this.processed);
    for (const waiter of ready) waiter.resolve();
  }

  private enqueue<T>(task: () => T | Promise<T>): Promise<T> {
    const run = this.serial.then(task);
    this.serial = run.catch(() => undefined);
    return run;
  }

  private projectionByName(name: string): Projection {
    const projection = this.projections.find((p) => p.name === name);
    if (!projection) throw new Error(`Unknown projection ${name}. Known: ${this.projectionNames.join(', ')}`);
    return projection;
  }

  private allSpecs(): CollectionSpec[] {
    return this.projections.flatMap((p) => p.collections);
  }
}
