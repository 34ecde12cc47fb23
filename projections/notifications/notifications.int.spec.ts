import { afterAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../contracts/events/event.ts';
import type { NotificationEvent, NotificationRaised } from '../../contracts/events/notification.ts';
import { MemoryReadStore } from '../../services/adapters/memory-readstore/memoryReadStore.ts';
import { openSqliteReadStore } from '../../services/adapters/sqlite-readstore/open.ts';
import type { ProjectionContext } from '../../services/core/projection.ts';
import type { ReadStore } from '../../services/core/readStore.ts';
import { notificationsCollectionName, notificationsProjection, type NotificationDocument } from './index.ts';

const alice = '64e0000000000000000000a1';
const bob = '64e0000000000000000000b1';

const raised = (notificationId: string, userId: string): NotificationRaised => ({
  type: 'NotificationRaised',
  data: {
    notificationId,
    userId,
    communityId: '64e0000000000000000000c1',
    kind: 'buildon',
    contributionId: '64e0000000000000000000d1',
    title: 'Elles germent',
    noteId: '64e0000000000000000000e1',
    actorId: bob,
    actorName: 'Bob',
    contextId: null,
  },
});

const recorded = (events: NotificationEvent[]): RecordedEvent[] =>
  events.map((event, index) => ({
    ...event,
    metadata: { actorId: null, at: new Date(Date.UTC(2026, 0, 1, 0, 0, index)).toISOString() },
    eventId: `e${index}`,
    streamName: `notifications-${event.data.userId}`,
    streamRevision: index,
    globalPosition: index + 1,
  }));

const opened: ReadStore[] = [];
afterAll(async () => {
  for (const store of opened) await store.close();
});

const stores: [string, () => ReadStore][] = [
  ['memory read store', () => new MemoryReadStore()],
  ['SQLite read store', () => openSqliteReadStore({ path: ':memory:' })],
];

describe.each(stores)('the notifications read model on the %s', (_name, open) => {
  const project = async (events: NotificationEvent[]) => {
    const store = open();
    opened.push(store);
    for (const spec of notificationsProjection.collections) await store.ensureCollection(spec);
    const context: ProjectionContext = { collection: (name) => store.collection(name) };
    // Applied twice: idempotent.
    for (let pass = 0; pass < 2; pass++) for (const event of recorded(events)) await notificationsProjection.apply(event, context);
    return store.collection<NotificationDocument>(notificationsCollectionName);
  };

  it('keeps one document per notification (raised twice: one), per user, unread until read', async () => {
    const docs = await project([raised('n1', alice), raised('n1', alice), raised('n2', alice), raised('n3', bob)]);
    expect(await docs.count({ userId: alice, readAt: null })).toBe(2);
    expect(await docs.count({ userId: bob, readAt: null })).toBe(1);
    expect(await docs.get('n1')).toMatchObject({ userId: alice, kind: 'buildon', title: 'Elles germent', actorName: 'Bob', readAt: null });
  });

  it("marks one read (never another user's), then all of a user's raised until then", async () => {
    const docs = await project([
      raised('n1', alice),
      raised('n2', alice),
      raised('n3', bob),
      // Alice names Bob's notification: ignored.
      { type: 'NotificationsRead', data: { userId: alice, notificationIds: ['n1', 'n3'], all: false } },
    ]);
    expect((await docs.get('n1'))?.readAt).not.toBeNull();
    expect((await docs.get('n2'))?.readAt).toBeNull();
    expect((await docs.get('n3'))?.readAt).toBeNull();

    const all = await project([
      raised('n1', alice),
      raised('n2', alice),
      raised('n3', bob),
      { type: 'NotificationsRead', data: { userId: alice, notificationIds: [], all: true } },
      raised('n4', alice),
    ]);
    expect(await all.count({ userId: alice, readAt: null })).toBe(1);
    expect((await all.get('n4'))?.readAt).toBeNull();
    expect((await all.get('n3'))?.readAt).toBeNull();
  });
});
