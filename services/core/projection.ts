import type { RecordedEvent } from '../../contracts/events/event.ts';
import type { Collection, CollectionSpec, Document } from './readStore.ts';

/** Where a projection writes: the live collections, or fresh ones during a rebuild. */
export type ProjectionContext = {
  collection<T extends Document = Document>(name: string): Collection<T>;
};

/**
 * A read model. Storage-agnostic: it only sees the Collection port.
 *
 * `apply` must be idempotent (applying an event twice leaves the same
 * documents) and must never throw on a recorded event: clamp, default or skip.
 * Use `evolveDocument` for the common one-document case.
 */
export interface Projection {
  readonly name: string;
  /** Bump when `apply` changes: the runner rebuilds the projection on start. */
  readonly version: number;
  readonly collections: readonly CollectionSpec[];
  /** Event types this projection reads; others are never passed to `apply`. */
  readonly handles: readonly string[];
  apply(event: RecordedEvent, context: ProjectionContext): Promise<void>;
}

/** Documents written through `evolveDocument` remember the last event they saw. */
export type Versioned = { _position: number };

/**
 * Synchronous access offered by a collection that buffers writes in memory
 * (the runner's rebuild wrapper). `evolveDocument` uses it to fold an event
 * without a promise per read and write: rebuilds fold millions of events.
 */
export interface BufferedCollection<T extends Document> {
  /** The current document, null when it does not exist, undefined when only the store knows. */
  peek(id: string): T | null | undefined;
  /** Buffers a write of the document `id` (its `_id`), or its deletion (null). */
  stage(id: string, doc: T | null): void;
}

const isBuffered = <T extends Document>(collection: Collection<T>): collection is Collection<T> & BufferedCollection<T> =>
  typeof (collection as Partial<BufferedCollection<T>>).peek === 'function';

const settled: Promise<void> = Promise.resolve();

/**
 * The next version of a document: `undefined` when nothing changes (the event
 * was already seen, or evolve deletes a missing document), null to delete.
 */
const nextVersion = <T extends Document & Versioned>(
  current: T | null,
  event: RecordedEvent,
  evolve: (current: T | null) => Omit<T, '_position'> | null,
): T | null | undefined => {
  if (current && current._position >= event.globalPosition) return undefined;
  const next = evolve(current);
  if (next === null) return current ? null : undefined;
  // `evolve` returns a document of its own (stores hand out copies), so it is
  // stamped in place rather than copied once more: rebuilds fold millions.
  const stamped = next as T;
  stamped._position = event.globalPosition;
  return stamped;
};

/**
 * Loads the document `id`, folds `event` into it with `evolve` and stores the
 * result (or deletes it when `evolve` returns null). Skips events the document
 * has already seen, which makes replays after a crash harmless.
 *
 * On a buffering collection whose document is at hand the whole fold runs
 * synchronously and the returned promise is already settled.
 */
export const evolveDocument = <T extends Document & Versioned>(
  collection: Collection<T>,
  id: string,
  event: RecordedEvent,
  evolve: (current: T | null) => Omit<T, '_position'> | null,
): Promise<void> => {
  if (isBuffered(collection)) {
    const current = collection.peek(id);
    if (current !== undefined) {
      try {
        const next = nextVersion(current, event, evolve);
        if (next !== undefined) collection.stage(next === null ? id : next._id, next);
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
      return settled;
    }
  }
  return evolveStored(collection, id, event, evolve);
};

const evolveStored = async <T extends Document & Versioned>(
  collection: Collection<T>,
  id: string,
  event: RecordedEvent,
  evolve: (current: T | null) => Omit<T, '_position'> | null,
): Promise<void> => {
  const next = nextVersion(await collection.get(id), event, evolve);
  if (next === null) await collection.delete(id);
  else if (next !== undefined) await collection.put(next);
};
