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
 * Loads the document `id`, folds `event` into it with `evolve` and stores the
 * result (or deletes it when `evolve` returns null). Skips events the document
 * has already seen, which makes replays after a crash harmless.
 */
export const evolveDocument = async <T extends Document & Versioned>(
  collection: Collection<T>,
  id: string,
  event: RecordedEvent,
  evolve: (current: T | null) => Omit<T, '_position'> | null,
): Promise<void> => {
  const current = await collection.get(id);
  if (current && current._position >= event.globalPosition) return;
  const next = evolve(current);
  if (next === null) {
    if (current) await collection.delete(id);
    return;
  }
  // `evolve` returns a document of its own (stores hand out copies), so it is
  // stamped in place rather than copied once more: rebuilds fold millions.
  const stamped = next as T;
  stamped._position = event.globalPosition;
  await collection.put(stamped);
};
