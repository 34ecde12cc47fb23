/**
 * A synthetic school district for the read-store bench (bench/readstore.ts):
 * classes of real size (108 pupils, 3,779 notes by default) as the events the
 * domain writes: registrations and joins, a community with ten views, notes
 * with bodies, build-ons, refs placed in views, reads and moves. Written
 * straight to the event store (no deciders): the bench measures the read side.
 */
import { createHash } from 'node:crypto';
import { authorIdFor } from '../services/api/communities/authorId.ts';
import type { NewEvent } from '../services/core/eventStore.ts';
import type { EventStore } from '../services/core/eventStore.ts';

export type ClassShape = { pupils: number; notes: number; views: number };
export type LoggedEvent = { streamName: string; event: NewEvent };

/** A 24-hex id: class, kind, number (disjoint across classes and kinds). */
const hex = (classIndex: number, kind: number, n: number): string =>
  `${classIndex.toString(16).padStart(6, '0')}${kind.toString(16).padStart(2, '0')}${n.toString(16).padStart(16, '0')}`;

const words = 'idée pourquoi les feuilles changent couleur automne lumière chlorophylle arbre hiver eau soleil hypothèse'.split(' ');
const sentence = (seed: number, length: number) => Array.from({ length }, (_, i) => words[(seed * 7 + i * 3) % words.length]).join(' ');

/** The ids of class `k`: its community, views, notes, authors (what the bench queries). */
export const classIds = (k: number, shape: ClassShape) => ({
  communityId: hex(k, 1, 0),
  viewIds: Array.from({ length: shape.views }, (_, v) => hex(k, 2, v)),
  noteId: (n: number) => hex(k, 3, n),
  authorId: (p: number) => hex(k, 5, p),
});

/** Every event of class `k`, in the order a class would write them. */
export function* classEvents(k: number, shape: ClassShape, start: number): Generator<LoggedEvent> {
  const ids = classIds(k, shape);
  let clock = start;
  const metadata = (actorId: string | null) => ({ actorId, at: new Date((clock += 1_000)).toISOString() });
  const teacher = hex(k, 4, 0);
  for (let p = 0; p <= shape.pupils; p++) {
    const userId = hex(k, 4, p);
    const userName = `c${k}p${p}`;
    yield {
      streamName: `user-${userId}`,
      event: {
        type: 'UserRegistered',
        data: {
          userId,
          userName,
          email: `${userName}@school.org`,
          firstName: 'Pupil',
          lastName: `${p}`,
          passwordHash: 'x',
          role: 'user',
          lang: 'fr',
          provider: 'local',
        },
        metadata: metadata(userId),
      },
    };
  }
  yield {
    streamName: `community-${ids.communityId}`,
    event: {
      type: 'CommunityCreated',
      data: {
        communityId: ids.communityId,
        title: `Class ${k}`,
        registrationKey: `key-${k}`,
        managerRegistrationKey: `mkey-${k}`,
        createdBy: teacher,
        rootContextId: hex(k, 2, 999),
        viewIds: ids.viewIds,
        scaffoldIds: [],
      },
      metadata: metadata(teacher),
    },
  };
  for (let p = 0; p <= shape.pupils; p++) {
    const userName = `c${k}p${p}`;
    yield {
      streamName: `author-${ids.authorId(p)}`,
      event: {
        type: 'AuthorJoined',
        data: {
          authorId: ids.authorId(p),
          communityId: ids.communityId,
          userId: hex(k, 4, p),
          role: p === 0 ? 'manager' : 'writer',
          userName,
          firstName: 'Pupil',
          lastName: `${p}`,
          email: `${userName}@school.org`,
          via: 'registrationKey',
        },
        metadata: metadata(hex(k, 4, p)),
      },
    };
  }
  const contribution = (id: string, type: string, title: string, author: string, data: Record<string, unknown>) => ({
    streamName: `contribution-${id}`,
    event: {
      type: 'ContributionCreated',
      data: {
        contributionId: id,
        communityId: ids.communityId,
        type,
        title,
        status: 'active',
        permission: 'public',
        authors: [author],
        group: null,
        data,
      },
      metadata: metadata(null),
    } as NewEvent,
  });
  const link = (linkId: string, from: string, to: string, type: string, data: Record<string, unknown>) => ({
    streamName: `contribution-${from}`,
    event: {
      type: 'LinkCreated',
      data: { linkId, communityId: ids.communityId, from, to, type, data },
      metadata: metadata(null),
    } as NewEvent,
  });
  for (const [v, viewId] of ids.viewIds.entries()) yield contribution(viewId, 'View', `View ${v}`, ids.authorId(0), {});
  let links = 0;
  for (let n = 0; n < shape.notes; n++) {
    const author = ids.authorId(1 + (n % shape.pupils));
    const noteId = ids.noteId(n);
    yield contribution(noteId, 'Note', `${sentence(n, 4)} ${n}`, author, { body: `<p>${sentence(n, 40)}</p>` });
    if (n > 0 && n % 2 === 0) yield link(hex(k, 6, links++), noteId, ids.noteId(n - 1 - (n % 7)), 'buildson', {});
    const viewId = ids.viewIds[n % shape.views] as string;
    const refId = hex(k, 6, links++);
    yield link(refId, viewId, noteId, 'contains', { x: (n * 37) % 1200, y: (n * 53) % 900 });
    for (let r = 0; r < 3; r++) {
      const reader = ids.authorId(1 + ((n + r * 11) % shape.pupils));
      yield {
        streamName: `reads-${reader}`,
        event: {
          type: 'ReadMarked',
          data: { authorId: reader, communityId: ids.communityId, contributionId: noteId },
          metadata: metadata(null),
        },
      };
    }
    if (n % 3 === 0) {
      yield {
        streamName: `contribution-${viewId}`,
        event: {
          type: 'LinkUpdated',
          data: { linkId: refId, from: viewId, data: { x: (n * 41) % 1200, y: (n * 29) % 900 } },
          metadata: metadata(null),
        },
      };
    }
  }
}

/** Appends `events` to `store`, many appends per commit; answers how many. */
export const writeEvents = async (store: EventStore, events: Iterable<LoggedEvent>): Promise<number> => {
  let window: Promise<unknown>[] = [];
  let count = 0;
  for (const { streamName, event } of events) {
    window.push(store.append(streamName, [event], { expectedRevision: 'any' }));
    count++;
    if (window.length >= 1_000) {
      await Promise.all(window);
      window = [];
    }
  }
  await Promise.all(window);
  return count;
};

/**
 * A district of `copies` × the classes of `source` (a seeded log: `npm run
 * seed` or seedClassByClass), for measuring at 70 classes without playing 70
 * classes: every copy gets fresh ids (the 10 middle hex digits of each
 * ObjectId-like id carry the copy number), its own user names, e-mails,
 * registration keys and titles, and the user-name claims that go with them.
 * The seed admin (`adminId`) is kept: it created every class. Events come
 * round-robin (each source event, then its copies), so times only move
 * forward. Memory: the source log (one seeded class is ~21,000 events).
 */
export function* cloneDistrict(
  source: readonly { type: string; data: string; metadata: string; streamName: string; streamRevision: number }[],
  options: { copies: number; sourceClasses: number; adminId: string; adminStreams: ReadonlySet<string> },
): Generator<{ type: string; data: string; metadata: string; streamName: string; streamRevision: number }> {
  const { copies, sourceClasses, adminId } = options;
  const idPattern = /\b([0-9a-f]{8})([0-9a-f]{10})([0-9a-f]{6})\b/g;
  // Membership ids are derived from the community and the user (authorIdFor): computed again for each copy.
  const memberships = new Map<string, { communityId: string; userId: string }>();
  for (const event of source) {
    if (event.type !== 'AuthorJoined') continue;
    const data = JSON.parse(event.data) as { authorId: string; communityId: string; userId: string };
    memberships.set(data.authorId, { communityId: data.communityId, userId: data.userId });
  }
  const derived = new Map<string, string>();
  for (const event of source) {
    yield event;
    if (options.adminStreams.has(event.streamName)) continue;
    for (let copy = 1; copy < copies; copy++) {
      const tag = copy.toString(16).padStart(4, '0');
      const objectId = (id: string) => (id === adminId ? id : `${id.slice(0, 8)}${tag}${id.slice(12)}`);
      const anyId = (id: string) => {
        const member = memberships.get(id);
        if (!member) return objectId(id);
        const key = `${tag}${id}`;
        let authorId = derived.get(key);
        if (!authorId) derived.set(key, (authorId = authorIdFor(objectId(member.communityId), objectId(member.userId))));
        return authorId;
      };
      const remap = (text: string) =>
        text
          .replace(idPattern, anyId)
          .replace(/\bc(\d+)-(p\d{3}|prof)\b/g, (_, k: string, who: string) => `c${copy * sourceClasses + Number(k)}-${who}`)
          .replace(/classe-(\d+)-(eleves|profs)/g, (_, k: string, who: string) => `classe-${copy * sourceClasses + Number(k)}-${who}`)
          .replace(/Classe (\d+) —/g, (_, n: string) => `Classe ${copy * sourceClasses + Number(n)} —`);
      const data = remap(event.data);
      const streamName =
        event.type === 'UserNameClaimed'
          ? `usernameclaim-${createHash('sha256')
              .update((JSON.parse(data) as { userName: string }).userName.toLowerCase())
              .digest('hex')}`
          : remap(event.streamName);
      yield { type: event.type, data, metadata: remap(event.metadata), streamName, streamRevision: event.streamRevision };
    }
  }
}
