import { ErrorCode } from '../../../contracts/errors.ts';
import { msg } from '../../../contracts/messageCodes.ts';
import { communityStorageCollectionName, type CommunityStorageDocument } from '../../../projections/storage/index.ts';
import { BuildonError, fieldError } from '../../core/errors.ts';
import type { ReadStore } from '../../core/readStore.ts';

/** Whole megabytes: a decimal point would read wrong in French ("0.8 Mo"), and the share is set in whole MB. */
const megabytes = (bytes: number): number => Math.round(bytes / (1024 * 1024));

/** An upload that would take a community over its share of the file storage (413, on `file`). */
export class CommunityQuotaFullError extends BuildonError {
  constructor(usedBytes: number, quotaBytes: number) {
    const message = msg('limits.communityQuotaFull', { used: megabytes(usedBytes), quota: megabytes(quotaBytes) });
    super(message, ErrorCode.validation, 413, [fieldError('file', message)]);
  }
}

/**
 * Each community's share of the file storage (issue 17 §5,
 * BUILDON_COMMUNITY_QUOTA_MB; 0 = none). What a community holds is one
 * document of the `storage` read model, kept exact by its upload events;
 * uploads being stored by this process count too, from the moment they are
 * accepted until the read model has them, so that a class uploading at once
 * cannot pass the quota together. (API nodes at scale each count their own
 * uploads in flight: together they may pass it by the files in flight.)
 */
export class CommunityQuota {
  private readonly inFlight = new Map<string, number>();

  constructor(
    private readonly readStore: ReadStore,
    readonly quotaBytes: number,
  ) {}

  /** The bytes the community's recorded uploads hold. */
  async storedBytes(communityId: string): Promise<number> {
    const doc = await this.readStore.collection<CommunityStorageDocument>(communityStorageCollectionName).get(communityId);
    return doc?.bytes ?? 0;
  }

  /**
   * Holds `bytes` of the community's share for an upload, or throws
   * CommunityQuotaFullError when they do not fit. Call the answer once the
   * upload is recorded and read (or has failed).
   */
  async reserve(communityId: string, bytes: number): Promise<() => void> {
    if (this.quotaBytes <= 0) return () => undefined;
    // Counted before the read: uploads reserving meanwhile see this one.
    this.add(communityId, bytes);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.add(communityId, -bytes);
    };
    try {
      const stored = await this.storedBytes(communityId);
      const held = this.inFlight.get(communityId) ?? 0;
      if (stored + held > this.quotaBytes) throw new CommunityQuotaFullError(stored + held - bytes, this.quotaBytes);
    } catch (error) {
      release();
      throw error;
    }
    return release;
  }

  private add(communityId: string, bytes: number): void {
    const next = (this.inFlight.get(communityId) ?? 0) + bytes;
    if (next > 0) this.inFlight.set(communityId, next);
    else this.inFlight.delete(communityId);
  }
}
