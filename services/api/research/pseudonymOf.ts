import { createHmac } from 'node:crypto';
import { pseudonymWith, type HmacSha256 } from '../../domain/research/pseudonyms.ts';

/** Node's HMAC-SHA256, hexadecimal. */
export const hmacSha256: HmacSha256 = (key, message) => createHmac('sha256', key).update(message).digest('hex');

/**
 * A person's research pseudonym under a key (services/domain/research/pseudonyms.ts):
 * the research export, the research API and the pseudonymised KBDeX file call this one.
 */
export const pseudonymOf = (key: string, userId: string): string => pseudonymWith(hmacSha256, key, userId);
