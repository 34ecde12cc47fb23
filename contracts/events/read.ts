import type { Event } from './event.ts';

/**
 * Reads of contributions by one author (a membership), kept out of the
 * contributions' own streams so that reading never conflicts with editing.
 * Every read is kept: analytics count reads per day.
 */
export const readsStreamName = (authorId: string): string => `reads-${authorId}`;

/** The author opened an active contribution (KF6's `read` record and read link). */
export type ReadMarked = Event<'ReadMarked', { authorId: string; communityId: string; contributionId: string }>;

export type ReadEvent = ReadMarked;
