import type {
  Collection,
  Document,
  Filter,
  FindOptions,
  SnippetPart,
  TextHit,
  TextIndexSpec,
  TextQuery,
  TextSearchOptions,
} from '../../core/readStore.ts';
import { checkTextQuery, rankText, snippetOf } from '../../core/textSearch.ts';
import type { CollectionState } from './collectionState.ts';
import { copyDocument, copyForStorage } from './copy.ts';
import { copiesOf } from './projection.ts';
import { isEmptyFilter, type QueryPlan } from './queryPlan.ts';
import { sortDocuments } from './sort.ts';

/**
 * The Collection port over one CollectionState. `resolve` is called on every
 * operation so that a handle taken before a rebuild sees the committed data.
 */
export class MemoryCollection<T extends Document = Document> implements Collection<T> {
  constructor(
    readonly name: string,
    private readonly resolve: () => CollectionState | undefined,
    private readonly resolveForWrite: () => CollectionState,
  ) {}

  /** How the last query on this collection (from any handle) found its documents. */
  lastQueryPlan(): QueryPlan | null {
    return this.resolve()?.lastPlan ?? null;
  }

  async get(id: string): Promise<T | null> {
    const doc = this.resolve()?.docs.get(id)?.doc;
    return doc ? copyDocument(doc as T) : null;
  }

  async findOne(filter: Filter, options: Omit<FindOptions, 'limit' | 'skip'> = {}): Promise<T | null> {
    const [first] = this.#find(filter, { ...options, limit: 1 });
    return first ?? null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    return this.#find(filter, options);
  }

  #find(filter: Filter, options: FindOptions): T[] {
    const state = this.resolve();
    if (!state) return [];
    let docs = state.match(filter);
    if (options.sort && Object.keys(options.sort).length > 0) docs = sortDocuments(docs, options.sort);
    const skip = options.skip ?? 0;
    const limit = options.limit ?? 0;
    if (skip > 0 || limit > 0) docs = docs.slice(skip, limit > 0 ? skip + limit : undefined);
    return copiesOf(docs as T[], options.projection);
  }

  /** Ranks the documents matching `filter` with the shared definition (textSearch.ts): tests, and the snapshot-backed store. */
  async textSearch(index: TextIndexSpec, query: TextQuery, options: TextSearchOptions = {}): Promise<TextHit<T>[]> {
    checkTextQuery(index, query);
    const state = this.resolve();
    if (!state || query.terms.length === 0) return [];
    const hits = rankText(state.match(options.filter ?? {}), index, query);
    const kept = options.limit ? hits.slice(0, options.limit) : hits;
    const docs = copiesOf(
      kept.map((hit) => hit.doc as T),
      options.projection,
    );
    return kept.map(({ score }, at) => ({ doc: docs[at] as T, score }));
  }

  async textSnippets(index: TextIndexSpec, ids: readonly string[], query: TextQuery, field: string): Promise<Map<string, SnippetPart[]>> {
    checkTextQuery(index, { ...query, fields: [field] });
    const state = this.resolve();
    const out = new Map<string, SnippetPart[]>();
    for (const id of ids) {
      const doc = state?.docs.get(id)?.doc;
      if (doc) out.set(id, snippetOf(typeof doc[field] === 'string' ? doc[field] : '', query));
    }
    return out;
  }

  async count(filter: Filter = {}): Promise<number> {
    const state = this.resolve();
    if (!state) return 0;
    if (isEmptyFilter(filter)) return state.docs.size;
    return state.match(filter).length;
  }

  async put(doc: T): Promise<void> {
    this.resolveForWrite().put(copyForStorage(doc));
  }

  /** Writes in order; on a duplicate key the earlier documents stay written (as MongoDB's ordered bulk write). */
  async putMany(docs: T[]): Promise<void> {
    if (docs.length === 0) return;
    const state = this.resolveForWrite();
    for (const doc of docs) state.put(copyForStorage(doc));
  }

  async delete(id: string): Promise<void> {
    this.resolve()?.delete(id);
  }

  async deleteMany(filter: Filter): Promise<number> {
    const state = this.resolve();
    if (!state) return 0;
    const ids = state.match(filter).map((doc) => doc._id);
    for (const id of ids) state.delete(id);
    return ids.length;
  }
}
