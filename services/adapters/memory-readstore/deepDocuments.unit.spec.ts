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
