import { createHash } from 'node:crypto';

/**
 * The id of a user's membership of a community: derived from the pair, so a
 * second join appends to an existing stream and is refused, without a lookup
 * that could race. 24 hex digits like every other id.
 */
export const authorIdFor = (communityId: string, userId: string): string =>
  createHash('sha256').update(`author:${communityId}:${userId}`).digest('hex').slice(0, 24);
