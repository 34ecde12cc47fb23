import type { Event } from './event.ts';

/** A user's link to a Google account: `googleAccount-{userId}`. */
export const googleAccountStreamName = (userId: string): string => `googleAccount-${userId}`;
/** The Google Doc of a note: `googleDoc-{noteId}`. */
export const googleDocStreamName = (noteId: string): string => `googleDoc-${noteId}`;

/**
 * The user authorised Buildon at Google (issue 18 §6). `refreshToken` is the
 * ciphertext made by services/integrations/google/tokenCipher.ts with a key
 * derived from BUILDON_SECRET, never the token itself.
 */
export type GoogleAccountLinked = Event<'GoogleAccountLinked', { userId: string; refreshToken: string }>;
/** Google refused the stored token (revoked or expired): the user must consent again. */
export type GoogleAccountUnlinked = Event<'GoogleAccountUnlinked', { userId: string }>;
/** A Google Doc was created from the note by `createdBy` (a user id), shared with the co-authors' e-mails. */
export type GoogleDocLinked = Event<
  'GoogleDocLinked',
  { noteId: string; communityId: string; docId: string; createdBy: string; sharedWith: string[] }
>;
/** The Doc's creator's token shared it with another author of the note (`docShared`). */
export type GoogleDocShared = Event<'GoogleDocShared', { noteId: string; docId: string; userId: string }>;

export type GoogleEvent = GoogleAccountLinked | GoogleAccountUnlinked | GoogleDocLinked | GoogleDocShared;
