import { createHmac } from 'node:crypto';

/**
 * The signature of a time-limited link to one attachment version: video
 * players and `<img>` elements cannot send a bearer token, so the link itself
 * carries `expires` (seconds since the epoch) and this HMAC of id, version and
 * expiry. One formula for every signer (playback links, canvas images) and the
 * one checker, `ObjectService`.
 */
export const attachmentSignature = (secret: string, id: string, version: number, expires: number): string =>
  createHmac('sha256', `playback:${secret}`).update(`${id}/${version}/${expires}`).digest('base64url');
