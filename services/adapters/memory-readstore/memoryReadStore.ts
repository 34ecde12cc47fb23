import type { Collection, CollectionSpec, Document, ReadStore, RebuildTarget } from '../../core/readStore.ts';
import { CollectionState } from './collectionState.ts';
import { MemoryCollection } from './memoryCollection.ts';
import { readSnapshot, writeSnapshot } from './snapshot.ts';
import { mergeSpecs } from './specs.ts';

export { DuplicateKeyError } from './collectionState.ts';
export { MemoryCollection } from './memoryCollection.ts';
export type { QueryPlan } from './queryPlan.ts';

/**
 * The embedded read store: collections live in memory as Maps of documents and
 * are queried with MongoDB semantics through mingo, so projections and query
 * routes behave the same as on the MongoDB adapter.
 *
 * Why hash indexes: projections and routes look documents up by a few fields
 * (community, view, author); testing every document with mingo would make each
 * lookup O(collection). Declared indexes prefilter equality and `$in` queries.
 *
 * Why snapshots: the embedded deployment keeps the read models only in memory;
 * `snapshot()` lets the composition root persist them (next to the event store)
 * so a restart restores them instead of replaying every event.
 *
 * Stored documents are private copies: callers never hold a reference to them.
 */
export class MemoryReadStore implements ReadStore {
  #collections = new Map<string, CollectionState>();
  #specs = new Map<string, CollectionSpec>();

  async ensureCollection(spec: CollectionSpec): Promise<void> {
    this.#ensure(spec);
  }

  #ensure(spec: CollectionSpec): CollectionState {
    let state = this.#collections.get(spec.name);
    if (!state) {
      state = new CollectionState(spec.name);
      this.#collections.set(spec.name, state);
    }
    state.addIndexes(spec);
    this.#specs.set(spec.name, mergeSpecs(this.#specs.get(spec.name), spec));
    return state;
  }

  /**
   * A handle on the live collection `name`. It follows rebuild commits, and a
   * collection that was never ensured is created (without indexes) on first write.
   */
  collection<T extends Document = Document>(name: string): MemoryCollection<T> {
    return new MemoryCollection<T>(
      name,
      () => this.#collections.get(name),
      () => this.#ensure({ name }),
    );
  }

  async beginRebuild(specs: CollectionSpec[]): Promise<RebuildTarget> {
    const fresh = new Map<string, { state: CollectionState; spec: CollectionSpec }>();
    for (const spec of specs) {
      const state = new CollectionState(spec.name);
      state.addIndexes(spec);
      fresh.set(spec.name, { state, spec: mergeSpecs(undefined, spec) });
    }
    let finished: 'committed' | 'aborted' | null = null;
    const open = (name: string): CollectionState => {
      if (finished) throw new Error(`Rebuild already ${finished}: cannot use collection ${name}`);
      const entry = fresh.get(name);
      if (!entry) throw new Error(`Collection ${name} is not part of this rebuild`);
      return entry.state;
    };
    return {
      collection: <T extends Document = Document>(name: string): Collection<T> => {
        open(name);
        return new MemoryCollection<T>(
          name,
          () => open(name),
          () => open(name),
        );
      },
      commit: async () => {
        if (finished) throw new Error(`Rebuild already ${finished}`);
        finished = 'committed';
        for (const [name, { state, spec }] of fresh) {
          this.#collections.set(name, state);
          this.#specs.set(name, spec);
        }
      },
      abort: async () => {
        if (finished === 'committed') throw new Error('Rebuild already committed');
        finished = 'aborted';
        fresh.clear();
      },
    };
  }

  async stats(): Promise<{ name: string; count: number }[]> {
    return [...this.#collections.values()]
      .map((state) => ({ name: state.name, count: state.docs.size }))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  async close(): Promise<void> {}

  /** Serializes every collection (documents and specs); see `writeSnapshot`. */
  snapshot(): Uint8Array {
    return writeSnapshot(this.#collections.values(), this.#specs);
  }

  /** Replaces every collection with the content of `bytes` (from `snapshot()`). */
  restore(bytes: Uint8Array): void {
    const { collections, specs } = readSnapshot(bytes);
    this.#collections = collections;
    this.#specs = specs;
  }

  /** A store holding the content of `bytes` (from `snapshot()`). */
  static fromSnapshot(bytes: Uint8Array): MemoryReadStore {
    const store = new MemoryReadStore();
    store.restore(bytes);
    return store;
  }
}
