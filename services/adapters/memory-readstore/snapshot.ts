import { deserialize, serialize } from 'node:v8';
import type { CollectionSpec, Document } from '../../core/readStore.ts';
import { CollectionState } from './collectionState.ts';
import { isRecord } from './records.ts';

// Snapshots: the embedded deployment persists the in-memory read models as one byte string.

const SNAPSHOT_FORMAT = 'buildon.memory-readstore.v1';
const SNAPSHOT_CHUNK = 10_000;

type SnapshotCollection = { spec: CollectionSpec; json: string[]; others: unknown[] };
type Snapshot = { format: typeof SNAPSHOT_FORMAT; collections: SnapshotCollection[] };

const isFieldLists = (value: unknown): value is string[][] =>
  value === undefined ||
  (Array.isArray(value) && value.every((fields) => Array.isArray(fields) && fields.every((f) => typeof f === 'string')));

/**
 * The JSON text of a plain JSON value of any depth, or null when it holds
 * anything `isJsonSafe` refuses (or a value met twice). An explicit stack
 * instead of recursion: JSON.stringify overflows a few thousand levels down.
 */
function deepJsonText(root: unknown): string | null {
  const out: string[] = [];
  // A string on the stack is literal text; anything else is a value still to write.
  const stack: ({ text: string } | { value: unknown })[] = [{ value: root }];
  const seen = new Set<object>();
  for (let item = stack.pop(); item; item = stack.pop()) {
    if ('text' in item) {
      out.push(item.text);
      continue;
    }
    const { value } = item;
    if (typeof value !== 'object' || value === null) {
      if (!isJsonSafe(value, 0)) return null;
      out.push(JSON.stringify(value));
      continue;
    }
    if (seen.has(value)) return null;
    seen.add(value);
    if (Array.isArray(value)) {
      const items = value as unknown[];
      out.push('[');
      stack.push({ text: ']' });
      for (let i = items.length - 1; i >= 0; i--) {
        if (items[i] === undefined) return null;
        stack.push({ value: items[i] });
        if (i > 0) stack.push({ text: ',' });
      }
      continue;
    }
    const prototype: unknown = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) return null;
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record).filter((key) => record[key] !== undefined);
    out.push('{');
    stack.push({ text: '}' });
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i] as string;
      stack.push({ value: record[key] });
      stack.push({ text: `${i > 0 ? ',' : ''}${JSON.stringify(key)}:` });
    }
  }
  return out.join('');
}

/**
 * Whether JSON text gives `value` back unchanged. Undefined properties count as
 * safe: JSON drops them, and a missing field matches queries exactly as an
 * undefined one does.
 */
function isJsonSafe(value: unknown, depth: number): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0);
    case 'object': {
      if (value === null) return true;
      if (depth > 64) return false;
      if (Array.isArray(value)) {
        for (const element of value as unknown[]) {
          if (element === undefined || !isJsonSafe(element, depth + 1)) return false;
        }
        return true;
      }
      const prototype: unknown = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== null) return false;
      const record = value as Record<string, unknown>;
      for (const key in record) {
        const field = record[key];
        if (field !== undefined && !isJsonSafe(field, depth + 1)) return false;
      }
      return true;
    }
    default:
      return false;
  }
}

function parseSnapshot(value: unknown): Snapshot {
  if (!isRecord(value) || value.format !== SNAPSHOT_FORMAT || !Array.isArray(value.collections)) {
    throw new Error(`Not a read store snapshot (expected format ${SNAPSHOT_FORMAT})`);
  }
  const collections: SnapshotCollection[] = [];
  for (const entry of value.collections as unknown[]) {
    if (!isRecord(entry) || !isRecord(entry.spec) || !Array.isArray(entry.json) || !Array.isArray(entry.others)) {
      throw new Error('Corrupt read store snapshot: bad collection entry');
    }
    const { name, indexes, unique } = entry.spec;
    if (typeof name !== 'string' || !isFieldLists(indexes) || !isFieldLists(unique)) {
      throw new Error('Corrupt read store snapshot: bad collection spec');
    }
    const json = entry.json as unknown[];
    if (!json.every((text): text is string => typeof text === 'string')) {
      throw new Error(`Corrupt read store snapshot: bad chunk in ${name}`);
    }
    collections.push({
      spec: { name, ...(indexes ? { indexes } : {}), ...(unique ? { unique } : {}) },
      json,
      others: entry.others as unknown[],
    });
  }
  return { format: SNAPSHOT_FORMAT, collections };
}

/**
 * Serializes every collection (documents and specs) with node:v8.
 *
 * Plain JSON documents (the usual case) travel as JSON text in chunks of
 * SNAPSHOT_CHUNK documents: V8's JSON parser restores them several times
 * faster than `v8.deserialize` rebuilds objects one by one. Documents holding
 * other values (Date, typed arrays, -0, …) go through the structured clone
 * format. Indexes are not stored: `restoreSnapshot` rebuilds them from the specs.
 */
export function writeSnapshot(states: Iterable<CollectionState>, specs: ReadonlyMap<string, CollectionSpec>): Uint8Array {
  const collections: SnapshotCollection[] = [...states].map((state) => {
    const chunks: string[] = [];
    const others: Document[] = [];
    const deep: string[] = [];
    let chunk: Document[] = [];
    for (const { doc } of state.docs.values()) {
      if (!isJsonSafe(doc, 0)) {
        // Nested too deep for JSON.stringify and the structured clone (an old note
        // body): written as JSON text without recursion; JSON.parse reads any depth.
        const text = deepJsonText(doc);
        if (text === null) others.push(doc);
        else deep.push(text);
        continue;
      }
      chunk.push(doc);
      if (chunk.length === SNAPSHOT_CHUNK) {
        chunks.push(JSON.stringify(chunk));
        chunk = [];
      }
    }
    if (chunk.length > 0) chunks.push(JSON.stringify(chunk));
    if (deep.length > 0) chunks.push(`[${deep.join(',')}]`);
    return { spec: specs.get(state.name) ?? { name: state.name }, json: chunks, others };
  });
  const payload: Snapshot = { format: SNAPSHOT_FORMAT, collections };
  return serialize(payload);
}

/** The collections and specs held in `bytes` (from `writeSnapshot`), their indexes rebuilt from the specs. */
export function readSnapshot(bytes: Uint8Array): { collections: Map<string, CollectionState>; specs: Map<string, CollectionSpec> } {
  const snapshot = parseSnapshot(deserialize(bytes));
  const collections = new Map<string, CollectionState>();
  const specs = new Map<string, CollectionSpec>();
  for (const { spec, json, others } of snapshot.collections) {
    const state = new CollectionState(spec.name);
    const load = (doc: unknown): void => {
      if (!isRecord(doc) || typeof doc._id !== 'string') {
        throw new Error(`Corrupt read store snapshot: bad document in ${spec.name}`);
      }
      state.docs.set(doc._id, { doc: doc as Document, alive: true, mark: 0 });
    };
    for (const text of json) {
      const docs: unknown = JSON.parse(text);
      if (!Array.isArray(docs)) throw new Error(`Corrupt read store snapshot: bad chunk in ${spec.name}`);
      for (const doc of docs as unknown[]) load(doc);
    }
    for (const doc of others) load(doc);
    state.addIndexes(spec);
    collections.set(spec.name, state);
    specs.set(spec.name, spec);
  }
  return { collections, specs };
}
