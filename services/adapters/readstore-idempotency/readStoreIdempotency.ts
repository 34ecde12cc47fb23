import type { IdempotencyStore, StoredReply } from '../../core/idempotencyStore.ts';
import type { Collection, ReadStore } from '../../core/readStore.ts';

type KeyDocument = { _id: string; expiresAt: number } & StoredReply;

/**
 * The scale `IdempotencyStore`: a collection `idempotencyKeys` of the read
 * store (MongoDB), shared by every API node. Expired replies are deleted on
 * each put.
 */
export const readStoreIdempotency = async (readStore: ReadStore): Promise<IdempotencyStore> => {
  await readStore.ensureCollection({ name: 'idempotencyKeys', indexes: [['expiresAt']] });
  const keys: Collection<KeyDocument> = readStore.collection<KeyDocument>('idempotencyKeys');
  return {
    async get(scope, key, now) {
      const doc = await keys.get(`${scope}\n${key}`);
      if (!doc || doc.expiresAt <= now) return null;
      return { method: doc.method, url: doc.url, status: doc.status, contentType: doc.contentType, body: doc.body };
    },
    async put(scope, key, reply, expiresAt, now) {
      await keys.deleteMany({ expiresAt: { $lte: now } });
      await keys.put({ _id: `${scope}\n${key}`, expiresAt, ...reply });
    },
  };
};
