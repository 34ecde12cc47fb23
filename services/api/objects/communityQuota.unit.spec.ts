import { describe, expect, it } from 'vitest';
import type { ReadStore } from '../../core/readStore.ts';
import { CommunityQuota, CommunityQuotaFullError } from './communityQuota.ts';

/** A read store holding one community's stored bytes. */
const storeHolding = (bytes: Record<string, number>): ReadStore =>
  ({ collection: () => ({ get: async (id: string) => (id in bytes ? { _id: id, bytes: bytes[id], files: 1 } : null) }) }) as never;

describe('CommunityQuota', () => {
  it('0 is no quota: any upload fits', async () => {
    const quota = new CommunityQuota(storeHolding({ c: 10 ** 12 }), 0);
    await expect(quota.reserve('c', 10 ** 9)).resolves.toBeTypeOf('function');
  });

  it('refuses what does not fit, and a released reservation frees its bytes (once)', async () => {
    const quota = new CommunityQuota(storeHolding({ c: 600 }), 1000);
    const release = await quota.reserve('c', 300);
    await expect(quota.reserve('c', 200)).rejects.toBeInstanceOf(CommunityQuotaFullError);
    release();
    release();
    const again = await quota.reserve('c', 400);
    await expect(quota.reserve('c', 1)).rejects.toMatchObject({ status: 413, messageCode: 'limits.communityQuotaFull' });
    again();
    // Another community has its own share.
    await expect(quota.reserve('d', 1000)).resolves.toBeTypeOf('function');
  });
});
