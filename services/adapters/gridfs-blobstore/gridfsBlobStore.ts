import { finished } from 'node:stream/promises';
import { GridFSBucket, MongoClient, MongoGridFSChunkError, MongoRuntimeError, type Db, type ObjectId } from 'mongodb';
import type { BlobStore } from '../../core/blobStore.ts';

export type GridfsBlobStoreOptions = {
  /** GridFS bucket name (default `blobs`: collections `blobs.files` and `blobs.chunks`). */
  bucketName?: string;
};

export type GridfsBlobStoreConnectOptions = GridfsBlobStoreOptions & {
  /** Database name; default: the one named in the URL (MongoDB's `test` when it names none). */
  dbName?: string;
};

const defaultContentType = 'application/octet-stream';

const isFileNotFound = (error: unknown): boolean => error instanceof MongoRuntimeError && /not found/i.test(error.message);

/**
 * The scale blob store: MongoDB GridFS, one file per key (`filename` = key,
 * `metadata.contentType` = content type).
 *
 * `put` uploads a new file and only then deletes older files of the same key,
 * so readers never see the key missing; `get` reads the newest file of a key.
 * Two concurrent `put`s of one key both succeed and the later upload wins.
 */
export class GridfsBlobStore implements BlobStore {
  private readonly bucket: GridFSBucket;

  /**
   * @param db the database holding the bucket
   * @param client closed by `close()` when given (`connect` passes its own)
   */
  constructor(
    db: Db,
    options: GridfsBlobStoreOptions = {},
    private readonly client?: MongoClient,
  ) {
    this.bucket = new GridFSBucket(db, { bucketName: options.bucketName ?? 'blobs' });
  }

  /**
   * Connects to MongoDB and opens the bucket; rejects when MongoDB cannot be reached.
   * @param url e.g. `mongodb://127.0.0.1:27017/buildon`
   * @returns the store, owning its client until `close()`
   */
  static async connect(url: string, options: GridfsBlobStoreConnectOptions = {}): Promise<GridfsBlobStore> {
    const client = new MongoClient(url);
    try {
      await client.connect();
      const db = client.db(options.dbName);
      return new GridfsBlobStore(db, options, client);
    } catch (error) {
      await client.close();
      throw error;
    }
  }

  async put(key: string, data: Uint8Array, contentType: string): Promise<void> {
    assertKey(key);
    const upload = this.bucket.openUploadStream(key, { metadata: { contentType } });
    upload.end(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
    await finished(upload);
    await this.deleteFiles(key, upload.id);
  }

  async get(key: string): Promise<{ data: Uint8Array; contentType: string } | null> {
    assertKey(key);
    for (let attempt = 1; ; attempt += 1) {
      const file = await this.bucket.find({ filename: key }, { sort: { uploadDate: -1, _id: -1 }, limit: 1 }).next();
      if (!file) return null;
      const chunks: Buffer[] = [];
      try {
        for await (const chunk of this.bucket.openDownloadStream(file._id)) chunks.push(chunk as Buffer);
      } catch (error) {
        // A concurrent put or delete removed the file while we read it: look the key up again.
        if (attempt < 3 && (isFileNotFound(error) || error instanceof MongoGridFSChunkError)) continue;
        throw error;
      }
      const data = Buffer.concat(chunks);
      const stored: unknown = file.metadata?.contentType;
      return {
        data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
        contentType: typeof stored === 'string' ? stored : defaultContentType,
      };
    }
  }

  async delete(key: string): Promise<void> {
    assertKey(key);
    await this.deleteFiles(key);
  }

  async *list(): AsyncIterable<string> {
    let last: string | undefined;
    const cursor = this.bucket.find({}, { sort: { filename: 1 }, projection: { filename: 1 } });
    for await (const file of cursor) {
      if (file.filename !== last) {
        last = file.filename;
        yield file.filename;
      }
    }
  }

  async close(): Promise<void> {
    await this.client?.close();
  }

  /** Deletes every file of `key` except `keep`. */
  private async deleteFiles(key: string, keep?: ObjectId): Promise<void> {
    const filter = keep ? { filename: key, _id: { $ne: keep } } : { filename: key };
    const files = await this.bucket.find(filter, { projection: { _id: 1 } }).toArray();
    for (const file of files) {
      try {
        await this.bucket.delete(file._id);
      } catch (error) {
        if (!isFileNotFound(error)) throw error;
      }
    }
  }
}

const assertKey = (key: string): void => {
  if (typeof key !== 'string' || key.length === 0) throw new Error('Invalid blob key: empty');
};
