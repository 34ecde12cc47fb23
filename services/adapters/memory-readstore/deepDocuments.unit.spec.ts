import { describe, expect, it } from 'vitest';
import { MemoryReadStore } from './memoryReadStore.ts';

/** A document nesting `depth` objects: past what structuredClone, v8.serialize and JSON.stringify survive. */
const deepDoc = (id: string, depth: number) => {
  let value: Record<string, unknown> = { leaf: true };
  for (let i = 0; i < depth; i++) value = { c: [value] };
  return { _id: id, body: value };
};
const depthOf = (doc: { body: unknown }) => {
  let depth = 0;
  let value = doc.body as { c?: [unknown] };
  while (value.c) {
    value = value.c[0] as { c?: [unknown] };
    depth++;
  }
  return depth;
};

describe('MemoryReadStore with very deep documents (issue 20 §0)', () => {
  it('stores, copies, snapshots and restores a document 20,000 levels deep', async () => {
    const store = new MemoryReadStore();
    await store.ensureCollection({ name: 'docs' });
    const docs = store.collection<{ _id: string; body: unknown }>('docs');
    await docs.put(deepDoc('deep', 20_000));
    await docs.put({ _id: 'plain', body: { n: 1 } });
    const read = await docs.get('deep');
    expect(read && depthOf(read)).toBe(20_000);
    const restored = MemoryReadStore.fromSnapshot(store.snapshot());
    const again = await restored.collection<{ _id: string; body: unknown }>('docs').get('deep');
    expect(again && depthOf(again)).toBe(20_000);
    expect(await restored.collection('docs').get('plain')).toEqual({ _id: 'plain', body: { n: 1 } });
  });

  it('finds with a projection of top-level fields a document 20,000 levels deep, as MongoDB projects', async () => {
    const store = new MemoryReadStore();
    await store.ensureCollection({ name: 'docs' });
    const docs = store.collection<{ _id: string; body?: unknown; title?: string; n?: number }>('docs');
    await docs.put({ ...deepDoc('deep', 20_000), title: 'Deep', n: 1 });
    await docs.put({ _id: 'plain', body: { n: 1 }, title: 'Plain' });
    const kept = await docs.find({ _id: 'deep' }, { projection: { body: 1 } });
    expect(Object.keys(kept[0] ?? {})).toEqual(['_id', 'body']);
    expect(kept[0] && depthOf(kept[0] as { body: unknown })).toBe(20_000);
    expect(await docs.find({}, { projection: { body: 0 }, sort: { _id: 1 } })).toEqual([
      { _id: 'deep', title: 'Deep', n: 1 },
      { _id: 'plain', title: 'Plain' },
    ]);
    expect(await docs.find({}, { projection: { title: 1, n: 1, _id: 0 }, sort: { _id: 1 } })).toEqual([
      { title: 'Deep', n: 1 },
      { title: 'Plain' },
    ]);
    // Dotted paths still go through mingo.
    expect(await docs.find({ _id: 'plain' }, { projection: { 'body.n': 1 } })).toEqual([{ _id: 'plain', body: { n: 1 } }]);
  });

  it('still copies shared values (not cyclic) deep down', async () => {
    const store = new MemoryReadStore();
    await store.ensureCollection({ name: 'docs' });
    const shared = { s: 1 };
    let value: Record<string, unknown> = { a: shared, b: shared };
    for (let i = 0; i < 100; i++) value = { c: value };
    await store.collection('docs').put({ _id: 'x', value });
    const read = (await store.collection<{ _id: string; value: unknown }>('docs').get('x')) as { value: unknown };
    expect(JSON.stringify(read.value)).toContain('{"a":{"s":1},"b":{"s":1}}');
  });
});
