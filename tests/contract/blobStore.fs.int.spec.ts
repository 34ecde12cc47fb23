import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FsBlobStore } from '../../services/adapters/fs-blobstore/fsBlobStore.ts';
import { blobStoreContract } from './blobStore.features.ts';

const folder = mkdtempSync(join(tmpdir(), 'buildon-blobs-'));
let stores = 0;
/** Each store gets its own root inside `folder`, so escapes would land in `folder` where tests look for them. */
const newRoot = (): string => join(folder, `root-${++stores}`);

afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

/** Every file under `dir`, relative, `/`-separated. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) =>
      join(entry.parentPath, entry.name)
        .slice(dir.length + 1)
        .split('\\')
        .join('/'),
    )
    .sort();

blobStoreContract('folder', async () => new FsBlobStore(newRoot()));

describe('FsBlobStore', () => {
  const escapes = [
    '../outside',
    'a/../../outside',
    'a/../b',
    '..',
    '.',
    './a',
    '/etc/passwd',
    '/abs',
    'a\\..\\..\\outside',
    'a\\b',
    'a\0b',
    '',
    'a//b',
    'a/',
    '.hidden',
    'a/.tmp',
    'blob.meta.json',
    'x'.repeat(1025),
  ];

  it.each(escapes)('refuses the key %j for every operation', async (key) => {
    const root = newRoot();
    const store = new FsBlobStore(root);

    await expect(store.put(key, bytes('evil'), 'text/plain')).rejects.toThrow(Error);
    await expect(store.get(key)).rejects.toThrow(Error);
    await expect(store.delete(key)).rejects.toThrow(Error);
    expect(readdirSync(folder).filter((name) => !name.startsWith('root-'))).toEqual([]);
  });

  it('keeps sub-folder keys inside the root with a content-type sidecar and no temporary files', async () => {
    const root = newRoot();
    const store = new FsBlobStore(root);
    await store.put('c1/a1/photo.jpg', bytes('jpeg'), 'image/jpeg');
    await store.put('c1/a1/photo.jpg', bytes('jpeg 2'), 'image/jpeg');

    expect(filesUnder(root)).toEqual(['c1/a1/photo.jpg', 'c1/a1/photo.jpg.meta.json']);
  });

  it('finds blobs again after a restart', async () => {
    const root = newRoot();
    await new FsBlobStore(root).put('kept/for/later', bytes('still here'), 'text/plain');

    const reopened = new FsBlobStore(root);

    expect(await reopened.get('kept/for/later')).toEqual({ data: bytes('still here'), contentType: 'text/plain' });
  });

  it('refuses a key that is already a folder of other keys, and the reverse', async () => {
    const store = new FsBlobStore(newRoot());
    await store.put('a/b', bytes('child'), 'text/plain');
    await store.put('c', bytes('file'), 'text/plain');

    await expect(store.put('a', bytes('parent'), 'text/plain')).rejects.toThrow();
    await expect(store.put('c/d', bytes('child'), 'text/plain')).rejects.toThrow();
    expect(await store.get('a')).toBeNull();
    expect(await store.get('c/d')).toBeNull();
    expect(await store.get('a/b')).not.toBeNull();
  });

  it('answers application/octet-stream when the sidecar is gone', async () => {
    const root = newRoot();
    const store = new FsBlobStore(root);
    await store.put('bare', bytes('x'), 'text/plain');
    rmSync(join(root, 'bare.meta.json'));

    expect((await store.get('bare'))?.contentType).toBe('application/octet-stream');
  });
});
