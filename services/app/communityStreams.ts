import type { RecordedEvent } from '../../contracts/events/event.ts';
import type { EventStore } from '../core/eventStore.ts';

/*
 * Which streams make up one community: the community archive
 * (services/cli/communityArchive.ts) and the research export from the CLI and
 * from the API (issue 24 §3) read the same ones.
 */

/** Reads the whole log in pages, in global order. */
export async function* wholeLog(store: EventStore): AsyncGenerator<RecordedEvent> {
  let after = 0;
  for (;;) {
    const batch = await store.readAll({ after, maxCount: 5_000 });
    if (batch.length === 0) return;
    for (const event of batch) yield event;
    after = (batch[batch.length - 1] as RecordedEvent).globalPosition;
  }
}

/**
 * Which streams belong to a community: its own stream; every contribution
 * created in it (with the links starting there); its memberships and their
 * reads; the users of those members and their user-name claims; feedback
 * whose community title is one of its titles. Other communities' streams,
 * and users who are not its members, are left out.
 *
 * Google Docs / Drive (issue 18 §6) stays out on purpose, for the archive and
 * the research export alike: a member's `googleAccount-` stream holds a
 * refresh token (a secret, even as ciphertext under this server's
 * BUILDON_SECRET), and a note's `googleDoc-` stream holds the id of a Doc in
 * a pupil's Google account. With the drive.file scope that Doc is reachable
 * only through the OAuth client that made it and its creator's grant, which
 * no archive carries, so on another server the link would be dead; in a
 * research export it is an identifier outside the study's pseudonyms,
 * pointing at content the export does not hold. What a Doc brought back into
 * its note ("Importer le document Google") is in the note's own versions; after
 * a move the note's writers make a new Doc. communityStreams.int.spec.ts
 * checks both are left out.
 */
export const communityStreams = async (store: EventStore, communityId: string) => {
  const streams = new Set<string>([`community-${communityId}`]);
  const users = new Set<string>();
  const titles = new Set<string>();
  const claims = new Map<string, string>();
  const feedback: { stream: string; title: string | null }[] = [];
  for await (const event of wholeLog(store)) {
    const data = event.data as Record<string, unknown>;
    switch (event.type) {
      case 'CommunityCreated':
      case 'CommunityUpdated':
        if (data.communityId === communityId && typeof data.title === 'string') titles.add(data.title);
        break;
      case 'ContributionCreated':
        if (data.communityId === communityId) streams.add(event.streamName);
        break;
      case 'AuthorJoined':
        if (data.communityId === communityId && typeof data.authorId === 'string' && typeof data.userId === 'string') {
          streams.add(event.streamName);
          streams.add(`reads-${data.authorId}`);
          users.add(data.userId);
        }
        break;
      case 'UserNameClaimed':
        if (typeof data.userId === 'string') claims.set(event.streamName, data.userId);
        break;
      case 'FeedbackSent':
        feedback.push({ stream: event.streamName, title: typeof data.communityTitle === 'string' ? data.communityTitle : null });
        break;
      default:
        break;
    }
  }
  for (const userId of users) streams.add(`user-${userId}`);
  for (const [stream, userId] of claims) if (users.has(userId)) streams.add(stream);
  for (const { stream, title } of feedback) if (title !== null && titles.has(title)) streams.add(stream);
  return { streams, title: [...titles][0] ?? '' };
};
