import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, readdir, rename, rm, unlink } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { BlobStore } from '../../core/blobStore.ts';

/** Sidecar suffix: `<key>.meta.json` holds `{ "contentType": … }`. */
const metaSuffix = '.meta.json';
const defaultContentType = 'application/octet-stream';
const maxKeyLength = 1024;

type Meta = { contentType: string };

const isMissing = (error: unknown): boolean =>
  error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR');

/**
 * Checks that a key names a file inside the root. Keys are `/`-separated
 * relative paths; each segment is non-empty and does not start with `.` (this
 * rules out `.` and `..`, and keeps dot-names free for temporary files). A key
 * may not contain a backslash or NUL, nor end with `.meta.json` (the sidecar
 * suffix), and is at most 1024 characters.
 * @throws Error naming the rule the key breaks
 */
export const assertBlobKey = (key: string): void => {
  const fail = (why: string): never => {
    throw new Error(`Invalid blob key ${JSON.stringify(key)}: ${why}`);
  };
  if (typeof key !== 'string' || key.length === 0) fail('empty');
  if (key.length > maxKeyLength) fail(`longer than ${maxKeyLength} characters`);
  if (key.includes('\0')) fail('contains NUL');
  if (key.includes('\\')) fail('contains a backslash');
  if (key.startsWith('/')) fail('absolute path');
  for (const segment of key.split('/')) {
    if (segment.length === 0) fail('empty path segment');
    if (segment === '..' || segment === '.') fail('relative path segment');
    if (segment.startsWith('.')) fail('a path segment starts with "."');
  }
  if (key.endsWith(metaSuffix)) fail(`ends with the reserved suffix ${metaSuffix}`);
};

/**
 * The embedded blob store: one file per key under a root folder (created on
 * first write), with the content type in a `<key>.meta.json` sidecar. Keys may
 * contain `/` (sub-folders) but can never leave the root: see
 * {@link assertBlobKey}. A key cannot be both a blob and a folder of blobs
 * (`a` and `a/b`): the second `put` fails.
 *
 * Writes are atomic: bytes go to a dot-named temporary file in the target
 * folder, are fsynced, then renamed over the key, so a reader sees the old
 * blob or the new one, never a part. The sidecar is written (the same way)
 * before the bytes, so a new key is never visible without its content type.
 */
export class FsBlobStore implements BlobStore {
  private readonly root: string;

  /** @param root the folder holding the blobs, e.g. `./data/blobs` */
  constructor(root: string) {
    this.root = resolve(root);
  }

  async put(key: string, data: Uint8Array, contentType: string): Promise<void> {
    const file = this.pathOf(key);
    // Pupils' files are for Buildon's eyes only (issue 20 §13): folders 0700, files 0600.
    await mkdir(dirname(file), { recursive: true, mode: 0o700 });
    const meta: Meta = { contentType };
    await writeAtomically(file + metaSuffix, new TextEncoder().encode(JSON.stringify(meta)));
    await writeAtomically(file, data);
  }

  async get(key: string): Promise<{ data: Uint8Array; contentType: string } | null> {
    const file = this.pathOf(key);
    let data: Buffer;
    try {
      data = await readFile(file);
    } catch (error) {
      if (isMissing(error) || isDirectory(error)) return null;
      throw error;
    }
    let contentType = defaultContentType;
    try {
      const meta = JSON.parse(await readFile(file + metaSuffix, 'utf8')) as Partial<Meta>;
      if (typeof meta.contentType === 'string') contentType = meta.contentType;
    } catch (error) {
      if (!isMissing(error) && !(error instanceof SyntaxError)) throw error;
    }
    return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), contentType };
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    for (const path of [file, file + metaSuffix]) {
      try {
        await unlink(path);
      } catch (error) {
        if (!isMissing(error) && !isDirectory(error)) throw error;
      }
    }
  }

  async *list(): AsyncIterable<string> {
    yield* this.walk(this.root, []);
  }

  async close(): Promise<void> {}

  /**
   * Removes what interrupted uploads left (issue 22 §5): temporary `.<uuid>.tmp`
   * files of writes that never reached their rename, and sidecars whose blob
   * never arrived (the sidecar is written first). Run at start, before any write.
   * @returns how many of each were removed.
   */
  async cleanInterrupted(): Promise<{ temporary: number; strayMeta: number }> {
    const removed = { temporary: 0, strayMeta: 0 };
    const sweep = async (folder: string): Promise<void> => {
      let entries;
      try {
        entries = await readdir(folder, { withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      const files = new Set(entries.filter((entry) => entry.isFile()).map((entry) => entry.name));
      for (const entry of entries) {
        const path = join(folder, entry.name);
        if (entry.isDirectory()) {
          await sweep(path);
        } else if (entry.isFile() && entry.name.startsWith('.') && entry.name.endsWith('.tmp')) {
          await rm(path, { force: true });
          removed.temporary++;
        } else if (entry.isFile() && entry.name.endsWith(metaSuffix) && !files.has(entry.name.slice(0, -metaSuffix.length))) {
          await rm(path, { force: true });
          removed.strayMeta++;
        }
      }
    };
    await sweep(this.root);
    return removed;
  }

  private async *walk(folder: string, prefix: string[]): AsyncGenerator<string> {
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      if (entry.isDirectory()) {
        yield* this.walk(join(folder, entry.name), [...prefix, entry.name]);
      } else if (entry.isFile() && !entry.name.endsWith(metaSuffix)) {
        yield [...prefix, entry.name].join('/');
      }
    }
  }

  private pathOf(key: string): string {
    assertBlobKey(key);
    const file = resolve(this.root, ...key.split('/'));
    // Belt and braces: the rules above already keep every key inside the root.
    const inside = relative(this.root, file);
    if (inside.length === 0 || inside.startsWith('..') || inside.split(sep).includes('..')) {
      throw new Error(`Invalid blob key ${JSON.stringify(key)}: outside the store`);
    }
    return file;
  }
}

const isDirectory = (error: unknown): boolean => error instanceof Error && 'code' in error && error.code === 'EISDIR';

/** Writes to a dot-named temporary file beside `path`, fsyncs it and renames it over `path`. */
const writeAtomically = async (path: string, data: Uint8Array): Promise<void> => {
  const temporary = join(dirname(path), `.${randomUUID()}.tmp`);
  try {
    const handle = await open(temporary, 'w', 0o600);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
};
