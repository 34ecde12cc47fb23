import { createHmac } from 'node:crypto';

/**
 * The signature of a time-limited link to one attachment version: video
 * players and `<img>` elements cannot send a bearer token, so the link itself
 * carries `expires` (seconds since the epoch), `u` (the user it was given to)
 * and this HMAC of id, version, expiry and user. One formula for every signer
 * (playback links, canvas images) and the one checker, `ObjectService`, which
 * serves the bytes only while that user may still read that version (issue 20
 * §4): a note made private after the link was given closes the link too.
 */
export const attachmentSignature = (secret: string, id: string, version: number, expires: number, userId: string): string =>
  createHmac('sha256', `playback:${secret}`).update(`${id}/${version}/${expires}/${userId}`).digest('base64url');

/** The query of a signed link (after the attachment's URL). */
export const signedQuery = (secret: string, id: string, version: number, expires: number, userId: string): string =>
  `?expires=${expires}&sig=${attachmentSignature(secret, id, version, expires, userId)}&u=${userId}`;
