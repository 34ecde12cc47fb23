import { ServiceUnavailableError } from '../services/core/errors.ts';
import { msg } from '../contracts/messageCodes.ts';
import type {
  Collection,
  Document,
  Filter,
  FindOptions,
  ReadStore,
  SnippetPart,
  TextHit,
  TextIndexSpec,
  TextQuery,
  TextSearchOptions,
} from '../services/core/readStore.ts';

/**
 * What /api/version says of the read models while a start rebuilds those that
 * are missing or of an older projection version (issue 23 §5).
 */
export type ReadModelsState =
  | { state: 'ready' }
  | {
      state: 'rebuilding';
      projections: string[];
      /** Global position replayed so far, of `total` (the head when it began). */
      done: number;
      total: number;
      percent: number;
      /** Seconds left at the rate so far; null until there is a rate. */
      etaSeconds: number | null;
    };

/** The background rebuild of a start, as the runner tracks it. */
export type BackgroundProgress = { projections: readonly string[]; done: number; total: number; startedAt: number };

export const readModelsState = (progress: BackgroundProgress | null, now = performance.now()): ReadModelsState => {
  if (!progress) return { state: 'ready' };
  const { done, total } = progress;
  const elapsed = (now - progress.startedAt) / 1000;
  const rate = elapsed > 0 ? done / elapsed : 0;
  return {
    state: 'rebuilding',
    projections: [...progress.projections],
    done,
    total,
    percent: total > 0 ? Math.min(100, Math.floor((done / total) * 100)) : 0,
    etaSeconds: rate > 0 ? Math.ceil(Math.max(0, total - done) / rate) : null,
  };
};

/** How long a client should wait before asking again: the ETA, between 1 and 30 s (5 s before there is a rate). */
export const retryAfterSeconds = (state: ReadModelsState): number =>
  state.state === 'rebuilding' && state.etaSeconds !== null ? Math.min(30, Math.max(1, state.etaSeconds)) : 5;

/**
 * A read of a read model that is being rebuilt in the background: 503 with
 * Retry-After, never a stale or partial answer: `errors.rebuilding` says
 * what is happening and how far it is, in the reader's language.
 */
export class ReadModelsRebuildingError extends ServiceUnavailableError {
  constructor(
    readonly collection: string,
    readonly progress: ReadModelsState,
  ) {
    const seconds = retryAfterSeconds(progress);
    const percent = progress.state === 'rebuilding' ? progress.percent : 0;
    super(`read model ${collection} (rebuilding)`, seconds, { message: msg('errors.rebuilding', { percent, seconds }) });
  }
}

/**
 * The read store the use cases and routes get: reads of a collection whose
 * projection is being rebuilt in the background throw ReadModelsRebuildingError
 * (`rebuilding(name)` answers the state, or null when the collection is
 * ready); writes and everything else go to `store` as they are.
 */
export const servedWhileRebuilding = (store: ReadStore, rebuilding: (collection: string) => ReadModelsState | null): ReadStore => {
  const check = (name: string): void => {
    const state = rebuilding(name);
    if (state) throw new ReadModelsRebuildingError(name, state);
  };
  const served: ReadStore = {
    ensureCollection: (spec) => store.ensureCollection(spec),
    collection: <T extends Document = Document>(name: string) => new GuardedCollection<T>(store.collection<T>(name), check),
    beginRebuild: (specs) => store.beginRebuild(specs),
    stats: () => store.stats(),
    close: () => store.close(),
  };
  const transaction = store.transaction?.bind(store);
  if (transaction) served.transaction = transaction;
  const onCorruption = store.onCorruption?.bind(store);
  if (onCorruption) served.onCorruption = onCorruption;
  return served;
};

/**
 * A collection whose reads are refused while it is rebuilt. A class rather
 * than an object of closures: a handle is made for every read of every
 * request, and its methods then cost nothing to make.
 */
class GuardedCollection<T extends Document> implements Collection<T> {
  constructor(
    private readonly inner: Collection<T>,
    private readonly check: (name: string) => void,
  ) {}

  get name(): string {
    return this.inner.name;
  }

  async get(id: string): Promise<T | null> {
    this.check(this.inner.name);
    return this.inner.get(id);
  }

  async findOne(filter: Filter, options?: Omit<FindOptions, 'limit' | 'skip'>): Promise<T | null> {
    this.check(this.inner.name);
    return this.inner.findOne(filter, options);
  }

  async find(filter: Filter, options?: FindOptions): Promise<T[]> {
    this.check(this.inner.name);
    return this.inner.find(filter, options);
  }

  async count(filter?: Filter): Promise<number> {
    this.check(this.inner.name);
    return this.inner.count(filter);
  }

  async textSearch(index: TextIndexSpec, query: TextQuery, options?: TextSearchOptions): Promise<TextHit<T>[]> {
    this.check(this.inner.name);
    return this.inner.textSearch(index, query, options);
  }

  async textSnippets(index: TextIndexSpec, ids: readonly string[], query: TextQuery, field: string): Promise<Map<string, SnippetPart[]>> {
    this.check(this.inner.name);
    return this.inner.textSnippets(index, ids, query, field);
  }

  put(doc: T): Promise<void> {
    return this.inner.put(doc);
  }

  putMany(docs: T[]): Promise<void> {
    return this.inner.putMany(docs);
  }

  delete(id: string): Promise<void> {
    return this.inner.delete(id);
  }

  deleteMany(filter: Filter): Promise<number> {
    return this.inner.deleteMany(filter);
  }
}
