import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../contracts/events/event.ts';
import { MemoryReadStore } from '../../services/adapters/memory-readstore/memoryReadStore.ts';
import {
  analyticsDailyCollectionName,
  analyticsProjection,
  analyticsRecordsCollectionName,
  recordId,
  type AnalyticsDailyDocument,
  type AnalyticsRecordDocument,
} from './index.ts';

/**
 * The record table's documents (fact sheet §7, the activity dashboard's
 * "record table by year/month (date, action, title link, user)"): one per
 * community, UTC day, author, contribution and action, with its count and its
 * views, folded from the same events as the daily documents. Checked against
 * a hand-computed fixture.
 */

const id = (name: string) => name.padStart(24, '0');
const K = id('c0');
const [u1, u2] = [id('f1'), id('f2')];
const [a1, a2] = [id('a1'), id('a2')];
const [view, n1, secret] = [id('b1'), id('e1'), id('e9')];

let position = 0;
const ev = (type: string, data: object, at: string, actorId: string | null): RecordedEvent => ({
  type,
  data,
  metadata: { actorId, at },
  eventId: `e${++position}`,
  streamName: 'x',
  streamRevision: 0,
  globalPosition: position,
});

const created = (contributionId: string, type: string, author: string, status: string, permission: string, at: string, actor: string) =>
  ev(
    'ContributionCreated',
    { contributionId, communityId: K, title: 't', status, permission, authors: [author], group: null, type, data: {} },
    at,
    actor,
  );
const note = (type: 'NoteContributed' | 'NoteSaved', contributionId: string, at: string, actor: string) =>
  ev(type, { contributionId, title: 't', body: { type: 'doc', content: [] }, keywords: [], wordCount: 1, text4search: '' }, at, actor);
const read = (authorId: string, contributionId: string, at: string, actor: string) =>
  ev('ReadMarked', { authorId, communityId: K, contributionId }, at, actor);

const [mon, tue, tueLate, wed] = [
  '2025-10-06T09:00:00.000Z',
  '2025-10-07T10:00:00.000Z',
  // 01:30 on Wednesday in Paris is still Tuesday in UTC.
  '2025-10-08T01:30:00+02:00',
  '2025-10-08T12:00:00.000Z',
];

const history = (): RecordedEvent[] => {
  position = 0;
  return [
    ev('AuthorJoined', { authorId: a1, communityId: K, userId: u1, role: 'writer' }, mon, u1),
    ev('AuthorJoined', { authorId: a2, communityId: K, userId: u2, role: 'writer' }, mon, u2),
    // Monday: a1 makes a view and writes n1 in it; a2 writes a private note and reads it twice.
    created(view, 'View', a1, 'active', 'protected', mon, u1),
    created(n1, 'Note', a1, 'unsaved', 'protected', mon, u1),
    ev('LinkCreated', { linkId: id('11'), communityId: K, from: view, to: n1, type: 'contains', data: { x: 1, y: 1 } }, mon, u1),
    note('NoteContributed', n1, mon, u1),
    created(secret, 'Note', a2, 'active', 'private', mon, u2),
    read(a2, secret, mon, u2),
    read(a2, secret, mon, u2),
    // Tuesday: a2 reads n1 twice (the second late in the evening, in Paris) and moves it in the view; a1 saves it again.
    read(a2, n1, tue, u2),
    read(a2, n1, tueLate, u2),
    ev('LinkUpdated', { linkId: id('11'), from: view, data: { x: 5 } }, tue, u2),
    note('NoteSaved', n1, tue, u1),
    // Wednesday: a2 reads n1 once more; a1 makes it private (not counted), after which a2's read is not counted either.
    read(a2, n1, wed, u2),
    ev('PermissionChanged', { contributionId: n1, permission: 'private', group: null }, wed, u1),
    read(a2, n1, wed, u2),
  ];
};

const fold = async (events: RecordedEvent[], times = 1) => {
  const store = new MemoryReadStore();
  const context = { collection: <T extends { _id: string }>(name: string) => store.collection<T & Record<string, unknown>>(name) };
  for (let i = 0; i < times; i++) for (const event of events) await analyticsProjection.apply(event, context);
  const all = async <T>(name: string) =>
    (await store.collection(name).find({}, { sort: { _id: 1 } })).map(({ _position, ...doc }) => doc) as unknown as T[];
  return {
    records: await all<Omit<AnalyticsRecordDocument, '_position'>>(analyticsRecordsCollectionName),
    daily: await all<AnalyticsDailyDocument>(analyticsDailyCollectionName),
  };
};

const record = (
  day: string,
  authorId: string,
  contributionId: string,
  action: 'created' | 'modified' | 'read',
  count: number,
  byView: Record<string, number>,
  last: string,
): Omit<AnalyticsRecordDocument, '_position'> => ({
  _id: recordId(K, day, authorId, contributionId, action),
  communityId: K,
  day,
  authorId,
  contributionId,
  action,
  count,
  byView,
  last,
});

describe('analytics projection: the record table', () => {
  it('keeps one document per day, author, contribution and action, with its count and its views', async () => {
    const { records } = await fold(history());
    const expected = [
      // Monday: the view and n1 created by a1 (n1 in the view); nothing of the private note, neither its writing nor its two reads.
      record('2025-10-06', a1, view, 'created', 1, {}, mon),
      record('2025-10-06', a1, n1, 'created', 1, { [view]: 1 }, mon),
      // Tuesday: the two reads of n1 fold into one record of count 2 (the late one is Tuesday in UTC, and the latest, kept in UTC).
      record('2025-10-07', a2, n1, 'read', 2, { [view]: 2 }, '2025-10-07T23:30:00.000Z'),
      // The move of n1 modifies the view (as KF6 records it), counted in that view.
      record('2025-10-07', a2, view, 'modified', 1, { [view]: 1 }, tue),
      record('2025-10-07', a1, n1, 'modified', 1, { [view]: 1 }, tue),
      // Wednesday: the read before n1 became private; neither the change nor the read after it.
      record('2025-10-08', a2, n1, 'read', 1, { [view]: 1 }, wed),
    ];
    expect(records).toEqual(expected.sort((x, y) => x._id.localeCompare(y._id)));
  });

  it('agrees with the daily documents: per day, author and action, the records add up to their counts', async () => {
    const { records, daily } = await fold(history());
    const fromRecords = new Map<string, number>();
    for (const r of records) {
      const key = `${r.day} ${r.authorId} ${r.action}`;
      fromRecords.set(key, (fromRecords.get(key) ?? 0) + r.count);
    }
    const fromDaily = new Map<string, number>();
    for (const doc of daily) {
      for (const counts of Object.values(doc.byType)) {
        for (const [action, n] of Object.entries(counts)) {
          const key = `${doc.day} ${doc.authorId} ${action}`;
          fromDaily.set(key, (fromDaily.get(key) ?? 0) + (n ?? 0));
        }
      }
    }
    expect(fromRecords).toEqual(fromDaily);
    expect(fromRecords.size).toBe(5);
  });

  it('gives the same documents when the events are applied twice (replays)', async () => {
    expect((await fold(history(), 2)).records).toEqual((await fold(history())).records);
  });
});
