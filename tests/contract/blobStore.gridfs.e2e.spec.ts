import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { afterAll, describe } from 'vitest';
import { GridfsBlobStore } from '../../services/adapters/gridfs-blobstore/gridfsBlobStore.ts';
import { blobStoreContract } from './blobStore.features.ts';

const mongoUrl = process.env.BUILDON_TEST_MONGO_URL;
if (!mongoUrl) console.warn('skipped: no MongoDB at BUILDON_TEST_MONGO_URL unset');

/** Each store gets its own bucket, dropped at the end. */
const run = `test_${randomUUID().replaceAll('-', '')}`;
let buckets = 0;
const used: string[] = [];

describe.skipIf(!mongoUrl)('GridFS blob store', () => {
  const url = mongoUrl ?? '';
  const dbName = 'buildon_test';

  afterAll(async () => {
    const client = new MongoClient(url);
    try {
      await client.connect();
      const db = client.db(dbName);
      for (const bucket of used) {
        for (const suffix of ['files', 'chunks']) {
          await db
            .collection(`${bucket}.${suffix}`)
            .drop()
            .catch(() => false);
        }
      }
    } finally {
      await client.close();
    }
  });

  blobStoreContract('GridFS', async () => {
    const bucketName = `${run}_${++buckets}`;
    used.push(bucketName);
    return GridfsBlobStore.connect(url, { dbName, bucketName });
  });
});
