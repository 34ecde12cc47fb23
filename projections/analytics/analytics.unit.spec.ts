import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../contracts/events/event.ts';
import { MemoryReadStore } from '../../services/adapters/memory-readstore/memoryReadStore.ts';
import {
  analyticsBuildOnGraphCollectionName,
  analyticsDailyCollectionName,
  analyticsHeadsCollectionName,
  analyticsItemsCollectionName,
  analyticsProjection,
  analyticsReadGraphCollectionName,
  supportsInBody,
  utcDay,
  type AnalyticsDailyDocument,
  type AnalyticsEdgeDocument,
  type AnalyticsItemDocument,
} from './index.ts';

const id = (name: string) => name.padStart(24, '0');
const K = id('c0');
const [u1, u2] = [id('f1'), id('f2')];
const [a1, a2] = [id('a1'), id('a2')];
const [view, n1, n2, s1] = [id('b1'), id('e1'), id('e2'), id('d1')];

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

const bodyWith = (...supports: string[]) => ({
  type: 'doc',
  content: [
    {
      type: 'paragraph',
      content: supports.map((supportId) => ({
        type: 'support',
        attrs: { supportId, linkId: null, title: 'T' },
        content: [{ type: 'text', text: 'x' }],
      })),
    },
  ],
});

const created = (contributionId: string, type: string, author: string, status: string, at: string, actor: string) =>
  ev(
    'ContributionCreated',
    { contributionId, communityId: K, title: 't', status, permission: 'protected', authors: [author], group: null, type, data: {} },
    at,
    actor,
  );

const history = (): RecordedEvent[] => {
  position = 0;
  const day1 = '2025-10-06T09:00:00.000Z';
  const day2 = '2025-10-07T23:30:00.000Z';
  return [
    ev('AuthorJoined', { authorId: a1, communityId: K, userId: u1, role: 'writer' }, day1, u1),
    ev('AuthorJoined', { authorId: a2, communityId: K, userId: u2, role: 'writer' }, day1, u2),
    created(view, 'View', a1, 'active', day1, u1),
    created(n1, 'Note', a1, 'unsaved', day1, u1),
    ev('LinkCreated', { linkId: id('11'), communityId: K, from: view, to: n1, type: 'contains', data: { x: 1, y: 1 } }, day1, u1),
    ev(
      'NoteContributed',
      { contributionId: n1, title: 'n1', body: bodyWith(s1, s1), keywords: [], wordCount: 1, text4search: '' },
      day1,
      u1,
    ),
    created(n2, 'Note', a2, 'unsaved', day2, u2),
    ev('LinkCreated', { linkId: id('12'), communityId: K, from: n2, to: n1, type: 'buildson', data: {} }, day2, u2),
    ev('NoteContributed', { contributionId: n2, title: 'n2', body: bodyWith(), keywords: [], wordCount: 1, text4search: '' }, day2, u2),
    ev('NoteSaved', { contributionId: n1, title: 'n1', body: bodyWith(s1), keywords: [], wordCount: 1, text4search: '' }, day2, u1),
    ev('ReadMarked', { authorId: a2, communityId: K, contributionId: n1 }, day2, u2),
    ev('ReadMarked', { authorId: a2, communityId: K, contributionId: n1 }, day2, u2),
    ev('LinkUpdated', { linkId: id('11'), from: view, data: { x: 5 } }, day2, u2),
  ];
};

const fold = async (events: RecordedEvent[]) => {
  const store = new MemoryReadStore();
  const context = { collection: <T extends { _id: string }>(name: string) => store.collection<T & Record<string, unknown>>(name) };
  for (const event of events) await analyticsProjection.apply(event, context);
  const all = async (name: string) => (await store.collection(name).find({}, { sort: { _id: 1 } })).map(({ _position, ...doc }) => doc);
  return {
    context,
    daily: (await all(analyticsDailyCollectionName)) as unknown as AnalyticsDailyDocument[],
    reads: (await all(analyticsReadGraphCollectionName)) as unknown as AnalyticsEdgeDocument[],
    buildons: (await all(analyticsBuildOnGraphCollectionName)) as unknown as AnalyticsEdgeDocument[],
    items: (await all(analyticsItemsCollectionName)) as unknown as AnalyticsItemDocument[],
  };
};

describe('analytics projection', () => {
  it('counts created / modified / read per day, author, type and view; the reads and build-on graphs; supports per note', async () => {
    const { daily, reads, buildons, items } = await fold(history());
    const day = (d: string, author: string) => daily.find((doc) => doc.day === d && doc.authorId === author);
    // Day 1: a1 created a view and a note (placed in the view before it was contributed).
    expect(day('2025-10-06', a1)).toMatchObject({
      byType: { View: { created: 1 }, Note: { created: 1 } },
      byView: { [view]: { created: 1 } },
    });
    // Day 2: a1 saved n1 again; a2 contributed n2 (in no view), read n1 twice and moved n1 in the view.
    expect(day('2025-10-07', a1)).toMatchObject({ byType: { Note: { modified: 1 } }, byView: { [view]: { modified: 1 } } });
    expect(day('2025-10-07', a2)?.byType).toEqual({ Note: { created: 1, read: 2 }, View: { modified: 1 } });
    expect(day('2025-10-07', a2)?.byView).toEqual({ [view]: { read: 2, modified: 1 } });
    expect(daily).toHaveLength(3);
    expect(reads).toEqual([{ _id: `${K}:${a2}:${a1}`, communityId: K, from: a2, to: a1, count: 2 }]);
    expect(buildons).toEqual([{ _id: `${K}:${a2}:${a1}`, communityId: K, from: a2, to: a1, count: 1 }]);
    const note1 = items.find((item) => item._id === n1);
    // The last save holds one support (the first held two): supports are the body's, not accumulated.
    expect(note1).toMatchObject({ status: 'active', views: [view], supports: { [s1]: 1 }, authors: [a1] });
  });

  it('gives the same documents when events are applied twice (replays after a crash)', async () => {
    const once = await fold(history());
    const events = history();
    const twice = await fold(events.flatMap((event) => [event, event]));
    expect(twice.daily).toEqual(once.daily);
    expect(twice.reads).toEqual(once.reads);
    expect(twice.buildons).toEqual(once.buildons);
    expect(twice.items).toEqual(once.items);
    expect(events).toHaveLength(13);
  });

  it("moves the community's head to each event that changes its analytics, a deleted link's included (the analytics jobs' trigger)", async () => {
    const events = history();
    const heads = async (evs: RecordedEvent[]) =>
      (await fold(evs)).context
        .collection(analyticsHeadsCollectionName)
        .find({})
        .then((docs) => docs.map(({ _position, ...doc }) => doc));
    const last = events[events.length - 1] as RecordedEvent;
    expect(await heads(events)).toEqual([{ _id: K, communityId: K, position: last.globalPosition, at: last.metadata.at }]);
    events.push(ev('LinkDeleted', { linkId: id('11'), from: view }, '2025-10-09T10:00:00.000Z', u1));
    expect(await heads(events)).toEqual([{ _id: K, communityId: K, position: position, at: '2025-10-09T10:00:00.000Z' }]);
    // An event of a contribution analytics never saw moves nothing.
    events.push(ev('NoteSaved', { contributionId: id('99'), title: 'x', body: bodyWith() }, '2025-10-10T10:00:00.000Z', u1));
    expect((await heads(events))[0]?.at).toBe('2025-10-09T10:00:00.000Z');
  });

  it('forgets a deleted build-on and a removed placement', async () => {
    const events = history();
    events.push(ev('LinkDeleted', { linkId: id('12'), from: n2 }, '2025-10-08T10:00:00.000Z', u2));
    events.push(ev('LinkDeleted', { linkId: id('11'), from: view }, '2025-10-08T10:00:00.000Z', u1));
    const { buildons, items } = await fold(events);
    expect(buildons).toEqual([]);
    expect(items.find((item) => item._id === n1)?.views).toEqual([]);
  });

  it('counts a build-on only while both notes are active: not from an abandoned draft, not once a note is deleted', async () => {
    const events = history();
    const n3 = id('e3');
    // Bob starts a second build-on and never contributes it: no second edge.
    events.push(created(n3, 'Note', a2, 'unsaved', '2025-10-08T10:00:00.000Z', u2));
    events.push(
      ev('LinkCreated', { linkId: id('13'), communityId: K, from: n3, to: n1, type: 'buildson', data: {} }, '2025-10-08T10:00:00.000Z', u2),
    );
    const draft = await fold(events);
    expect(draft.buildons).toEqual([{ _id: `${K}:${a2}:${a1}`, communityId: K, from: a2, to: a1, count: 1 }]);
    // Alice deletes the note both build on: the edge goes; she restores it: it comes back.
    events.push(ev('ContributionStatusChanged', { contributionId: n1, status: 'inactive' }, '2025-10-09T10:00:00.000Z', u1));
    expect((await fold(events)).buildons).toEqual([]);
    events.push(ev('ContributionStatusChanged', { contributionId: n1, status: 'active' }, '2025-10-09T11:00:00.000Z', u1));
    expect((await fold(events)).buildons).toEqual([{ _id: `${K}:${a2}:${a1}`, communityId: K, from: a2, to: a1, count: 1 }]);
    // Bob contributes the draft at last: two build-ons from him to her.
    events.push(
      ev(
        'NoteContributed',
        { contributionId: n3, title: 'n3', body: bodyWith(), keywords: [], wordCount: 1, text4search: '' },
        '2025-10-10T10:00:00.000Z',
        u2,
      ),
    );
    const both = await fold(events);
    expect(both.buildons).toEqual([{ _id: `${K}:${a2}:${a1}`, communityId: K, from: a2, to: a1, count: 2 }]);
    const twice = await fold(events.flatMap((event) => [event, event]));
    expect(twice.buildons).toEqual(both.buildons);
  });

  it('counts nothing done on a private note: its writing, its reads, its build-ons, a move in a private view', async () => {
    const shared = await fold(history());
    const events = history();
    const [secret, workspace] = [id('e9'), id('b9')];
    const later = '2025-10-08T10:00:00.000Z';
    events.push(
      ev(
        'ContributionCreated',
        {
          contributionId: secret,
          communityId: K,
          title: 's',
          status: 'active',
          permission: 'private',
          authors: [a1],
          group: null,
          type: 'Note',
          data: {},
        },
        later,
        u1,
      ),
      ev('NoteSaved', { contributionId: secret, title: 's', body: bodyWith(), keywords: [], wordCount: 1, text4search: '' }, later, u1),
      ev('ReadMarked', { authorId: a2, communityId: K, contributionId: secret }, later, u2),
      ev('LinkCreated', { linkId: id('19'), communityId: K, from: n2, to: secret, type: 'buildson', data: {} }, later, u2),
      ev(
        'ContributionCreated',
        {
          contributionId: workspace,
          communityId: K,
          title: 'w',
          status: 'active',
          permission: 'private',
          authors: [a2],
          group: null,
          type: 'View',
          data: {},
        },
        later,
        u2,
      ),
      ev('LinkCreated', { linkId: id('18'), communityId: K, from: workspace, to: n1, type: 'contains', data: { x: 1, y: 1 } }, later, u2),
      ev('LinkUpdated', { linkId: id('18'), from: workspace, data: { x: 9 } }, later, u2),
    );
    const withSecret = await fold(events);
    expect(withSecret.daily).toEqual(shared.daily);
    expect(withSecret.reads).toEqual(shared.reads);
    expect(withSecret.buildons).toEqual(shared.buildons);
    // n1 made private: its build-on stops counting, and the change itself is not counted either.
    events.push(ev('PermissionChanged', { contributionId: n1, permission: 'private', group: null }, '2025-10-09T10:00:00.000Z', u1));
    const hidden = await fold(events);
    expect(hidden.buildons).toEqual([]);
    expect(hidden.daily).toEqual(shared.daily);
  });

  it('does not count unsaved drafts nor an admin who is not a member', async () => {
    position = 0;
    const { daily } = await fold([
      ev('AuthorJoined', { authorId: a1, communityId: K, userId: u1, role: 'writer' }, '2025-10-06T09:00:00.000Z', u1),
      created(n1, 'Note', a1, 'unsaved', '2025-10-06T09:00:00.000Z', u1),
      ev(
        'NoteSaved',
        { contributionId: n1, title: 'n1', body: bodyWith(), keywords: [], wordCount: 0, text4search: '' },
        '2025-10-06T09:00:00.000Z',
        u1,
      ),
      created(n2, 'Note', a1, 'active', '2025-10-06T09:00:00.000Z', id('ad')),
    ]);
    expect(daily).toEqual([]);
  });
});

describe('supportsInBody', () => {
  it('counts support nodes per support id, anywhere in the document', () => {
    const body = { type: 'doc', content: [bodyWith(s1).content[0], { type: 'bulletList', content: [bodyWith(s1, id('d2')).content[0]] }] };
    expect(supportsInBody(body)).toEqual({ [s1]: 2, [id('d2')]: 1 });
    expect(supportsInBody(null)).toEqual({});
    expect(supportsInBody({ type: 'support', attrs: { supportId: 'not-an-id' } })).toEqual({});
  });
});

describe('utcDay', () => {
  it('is the UTC date of an instant, whatever its offset', () => {
    expect(utcDay('2025-10-07T23:30:00.000Z')).toBe('2025-10-07');
    expect(utcDay('2025-10-08T01:30:00+02:00')).toBe('2025-10-07');
  });
});
