import { createHash, randomUUID } from 'node:crypto';

/**
 * Validators for replies computed from the read models (issue 16 §3): a weak
 * ETag made of the read position the reply was computed at, the reader and
 * the resource, and this process's start. Any applied event moves the
 * position, so a tag never outlives a change; the reader is in it because the
 * reply is theirs (permissions, read marks); the start, because a restart may
 * bring other settings. A reply is tagged with the position taken BEFORE its
 * reads, so it shows at least what the tag says.
 */
const servedSince = randomUUID().slice(0, 8);

export const readPositionEtag = (position: number, readerId: string, resource: string): string => {
  const who = createHash('sha256').update(`${readerId}\u0000${resource}`).digest('base64url').slice(0, 16);
  return `W/"${position.toString(36)}-${servedSince}-${who}"`;
};

/** Whether an `If-None-Match` header names `etag` (weak comparison, RFC 9110 §13.1.2). */
export const matchesIfNoneMatch = (header: string | undefined, etag: string): boolean => {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
};

/** Private: the reply is the reader's. `no-cache`: kept, but asked again each time with the tag. */
export const revalidatedPrivately = 'private, no-cache';
