import { afterEach, describe, expect, it } from 'vitest';
import type { BlobStore } from '../../services/core/blobStore.ts';

/** Opens an empty blob store; the suite closes it after each test. */
export type OpenBlobStore = () => Promise<BlobStore>;

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

const listAll = async (store: BlobStore): Promise<string[]> => {
  const keys: string[] = [];
  for await (const key of store.list()) keys.push(key);
  return keys.sort();
};

/**
 * The behaviour every BlobStore adapter shares (services/core/blobStore.ts).
 * @param label adapter name shown in the test report
 * @param open returns a store holding no blobs
 */
export const blobStoreContract = (label: string, open: OpenBlobStore): void => {
  describe(`BlobStore contract: ${label}`, () => {
    const opened: BlobStore[] = [];
    const openStore = async (): Promise<BlobStore> => {
      const store = await open();
      opened.push(store);
      return store;
    };

    afterEach(async () => {
      await Promise.allSettled(opened.splice(0).map((store) => store.close()));
    });

    it('gives back the bytes and content type that were put', async () => {
      const store = await openStore();
      await store.put('notes/5f0c0ffee0ddba11c0ffee00/picture.png', bytes('not really a png'), 'image/png');

      const blob = await store.get('notes/5f0c0ffee0ddba11c0ffee00/picture.png');

      expect(blob).not.toBeNull();
      expect(blob?.data).toBeInstanceOf(Uint8Array);
      expect(Array.from(blob?.data ?? [])).toEqual(Array.from(bytes('not really a png')));
      expect(blob?.contentType).toBe('image/png');
    });

    it('answers null for a key never put', async () => {
      const store = await openStore();
      expect(await store.get('missing')).toBeNull();
      expect(await store.get('missing/deeper')).toBeNull();
    });

    it('keeps every byte value and empty blobs', async () => {
      const store = await openStore();
      const all = Uint8Array.from({ length: 256 }, (_, i) => i);
      await store.put('all-bytes', all, 'application/octet-stream');
      await store.put('empty', new Uint8Array(0), 'text/plain');

      expect(Array.from((await store.get('all-bytes'))?.data ?? [])).toEqual(Array.from(all));
      expect(await store.get('empty')).toEqual({ data: new Uint8Array(0), contentType: 'text/plain' });
    });

    it('stores a blob larger than a chunk', async () => {
      const store = await openStore();
      const big = Uint8Array.from({ length: 700_000 }, (_, i) => (i * 31) % 251);
      await store.put('big.bin', big, 'application/octet-stream');

      const blob = await store.get('big.bin');

      expect(blob?.data.byteLength).toBe(big.byteLength);
      expect(Buffer.from(blob?.data ?? []).equals(Buffer.from(big))).toBe(true);
    });

    it('does not change a stored blob when the caller reuses its buffer', async () => {
      const store = await openStore();
      const buffer = bytes('original');
      await store.put('copy', buffer, 'text/plain');
      buffer.fill(0);

      expect(new TextDecoder().decode((await store.get('copy'))?.data)).toBe('original');
    });

    it('replaces the bytes and content type of a key put again', async () => {
      const store = await openStore();
      await store.put('doc', bytes('first version, longer'), 'text/plain');
      await store.put('doc', bytes('second'), 'text/markdown');

      const blob = await store.get('doc');

      expect(new TextDecoder().decode(blob?.data)).toBe('second');
      expect(blob?.contentType).toBe('text/markdown');
      expect(await listAll(store)).toEqual(['doc']);
    });

    it('deletes a key, and deleting a missing key does nothing', async () => {
      const store = await openStore();
      await store.put('gone', bytes('x'), 'text/plain');
      await store.put('kept', bytes('y'), 'text/plain');

      await store.delete('gone');
      await store.delete('gone');
      await store.delete('never-there');

      expect(await store.get('gone')).toBeNull();
      expect(await store.get('kept')).not.toBeNull();
      expect(await listAll(store)).toEqual(['kept']);
    });

    it('lists every key once, including keys with slashes', async () => {
      const store = await openStore();
      const keys = ['a', 'b/c', 'b/d/e.txt', 'f.meta', 'z'];
      for (const key of keys) await store.put(key, bytes(key), 'text/plain');
      await store.put('b/c', bytes('again'), 'text/plain');

      expect(await listAll(store)).toEqual(keys);
    });

    it('lists nothing when empty', async () => {
      const store = await openStore();
      expect(await listAll(store)).toEqual([]);
    });
  });
};
