import type { ResearchEventsReply, ResearchReadsReply } from '../../../../contracts/api/research.ts';
import type { RecordedEvent } from '../../../../contracts/events/event.ts';
import type { EventStore } from '../../../core/eventStore.ts';
import type { People } from '../../../domain/research/pseudonyms.ts';

/**
 * The log pages of the research API: GET …/reads and GET …/events. Both walk
 * the log after a cursor, keep the community's events and stop after `limit`
 * kept events or `scanBudget` read ones; `next` is the position to continue
 * after, `done` says the head was reached. Only the community's own streams
 * are given: `community-`, its contributions' (with their links), its
 * memberships' and their reads'. User streams (password hashes, e-mail
 * addresses) are never part of it.
 */

export type CommunityStreams = { communityId: string; contributionIds: ReadonlySet<string>; authorIds: ReadonlySet<string> };

/** The kind of a community's stream (`community`, `contribution`, `author`, `reads`), or null for another's. */
export const streamKindIn = (streams: CommunityStreams, streamName: string): string | null => {
  const dash = streamName.indexOf('-');
  if (dash < 0) return null;
  const kind = streamName.slice(0, dash);
  const id = streamName.slice(dash + 1);
  if (kind === 'community') return id === streams.communityId ? kind : null;
  if (kind === 'contribution') return streams.contributionIds.has(id) ? kind : null;
  if (kind === 'author' || kind === 'reads') return streams.authorIds.has(id) ? kind : null;
  return null;
};

type Page<T> = { items: T[]; next: number; done: boolean };

const scanLog = async <T>(
  store: EventStore,
  after: number,
  limit: number,
  scanBudget: number,
  keep: (event: RecordedEvent) => T | null,
): Promise<Page<T>> => {
  const items: T[] = [];
  let position = after;
  let scanned = 0;
  for (;;) {
    const batch = await store.readAll({ after: position, maxCount: Math.min(1000, scanBudget - scanned) });
    if (batch.length === 0) return { items, next: position, done: true };
    for (const event of batch) {
      position = event.globalPosition;
      scanned += 1;
      const item = keep(event);
      if (item !== null) items.push(item);
      if (items.length >= limit) return { items, next: position, done: false };
    }
    if (scanned >= scanBudget) return { items, next: position, done: false };
  }
};

export const readsPage = async (
  store: EventStore,
  input: { streams: CommunityStreams; people: People; after: number; limit: number; from?: number; to?: number; scanBudget?: number },
): Promise<ResearchReadsReply> => {
  const page = await scanLog(store, input.after, input.limit, input.scanBudget ?? 20_000, (event) => {
    if (event.type !== 'ReadMarked' || streamKindIn(input.streams, event.streamName) !== 'reads') return null;
    const data = event.data as { authorId?: unknown; contributionId?: unknown; communityId?: unknown };
    if (data.communityId !== input.streams.communityId || typeof data.authorId !== 'string') return null;
    const at = Date.parse(event.metadata.at);
    if ((input.from !== undefined && at < input.from) || (input.to !== undefined && at > input.to)) return null;
    return {
      position: event.globalPosition,
      at: event.metadata.at,
      reader: input.people.personOf(data.authorId),
      contributionId: typeof data.contributionId === 'string' ? data.contributionId : '',
    };
  });
  return { pseudonymised: input.people.pseudonymised, reads: page.items, next: page.next, done: page.done };
};

export const eventsPage = async (
  store: EventStore,
  input: { streams: CommunityStreams; people: People; after: number; limit: number; scanBudget?: number },
): Promise<ResearchEventsReply> => {
  const page = await scanLog(store, input.after, input.limit, input.scanBudget ?? 20_000, (event) => {
    const kind = streamKindIn(input.streams, event.streamName);
    if (kind === null) return null;
    return {
      position: event.globalPosition,
      type: event.type,
      stream: kind,
      at: event.metadata.at,
      actor: event.metadata.actorId === null ? null : input.people.personOf(event.metadata.actorId),
      data: input.people.clean(event.data as Record<string, unknown>),
    };
  });
  return { pseudonymised: input.people.pseudonymised, events: page.items, next: page.next, done: page.done };
};
