import { afterAll, describe, expect, it } from 'vitest';
import type { ContributionEvent } from '../../contracts/events/contribution.ts';
import type { RecordedEvent } from '../../contracts/events/event.ts';
import { MemoryReadStore } from '../../services/adapters/memory-readstore/memoryReadStore.ts';
import { openSqliteReadStore } from '../../services/adapters/sqlite-readstore/open.ts';
import type { ProjectionContext } from '../../services/core/projection.ts';
import type { ReadStore } from '../../services/core/readStore.ts';
import { promisingIdeasCollectionName, promisingIdeasProjection, type PromisingIdeaDocument } from './index.ts';

const communityId = '64e0000000000000000000c1';
const noteA = '64e0000000000000000000a1';
const noteB = '64e0000000000000000000b1';
const idea1 = '64e000000000000000000001';
const idea2 = '64e000000000000000000002';

const created = (id: string, noteId: string, idea: string, extra: Record<string, unknown> = {}): ContributionEvent => ({
  type: 'ContributionCreated',
  data: {
    contributionId: id,
    communityId,
    type: 'promisingIdeaobj',
    title: '',
    status: 'active',
    permission: 'protected',
    authors: ['au1'],
    group: null,
    data: { idea, reason: 'Parce que', color: 'red', noteId, start: 4, end: 4 + idea.length, ...extra },
  },
});

const recorded = (events: ContributionEvent[]): RecordedEvent[] =>
  events.map((event, index) => ({
    ...event,
    metadata: { actorId: null, at: new Date(Date.UTC(2026, 0, 1, 0, 0, index)).toISOString() },
    eventId: `e${index}`,
    streamName: 'contribution-x',
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

describe.each(stores)('the promising ideas read model on the %s', (_name, open) => {
  const project = async (events: ContributionEvent[]) => {
    const store = open();
    opened.push(store);
    for (const spec of promisingIdeasProjection.collections) await store.ensureCollection(spec);
    const context: ProjectionContext = { collection: (name) => store.collection(name) };
    // Applied twice: idempotent.
    for (let pass = 0; pass < 2; pass++) for (const event of recorded(events)) await promisingIdeasProjection.apply(event, context);
    return store.collection<PromisingIdeaDocument>(promisingIdeasCollectionName);
  };

  it('keeps one document per active idea, found by note, and drops a deleted one', async () => {
    const ideas = await project([
      created(idea1, noteA, 'la lumière'),
      created(idea2, noteB, 'le soleil', { color: 'black' }),
      // Other contributions pass by: a note is no idea, and its deletion touches none.
      {
        type: 'ContributionCreated',
        data: {
          contributionId: noteA,
          communityId,
          type: 'Note',
          title: 'N',
          status: 'active',
          permission: 'protected',
          authors: [],
          group: null,
          data: {},
        },
      },
      { type: 'ContributionStatusChanged', data: { contributionId: noteA, status: 'inactive' } },
      { type: 'ContributionStatusChanged', data: { contributionId: idea2, status: 'inactive' } },
    ]);
    expect(await ideas.count()).toBe(1);
    expect(await ideas.get(idea1)).toMatchObject({
      communityId,
      noteId: noteA,
      idea: 'la lumière',
      reason: 'Parce que',
      color: 'red',
      authorId: 'au1',
      start: 4,
      end: 14,
      created: '2026-01-01T00:00:00.000Z',
    });
    expect((await ideas.find({ noteId: { $in: [noteA, noteB] } })).map((doc) => doc._id)).toEqual([idea1]);
    expect(await ideas.get(idea2)).toBeNull();
  });

  it('reads an unknown colour as none and skips an idea without a note', async () => {
    const ideas = await project([created(idea1, noteA, 'x', { color: 'black' }), created(idea2, '', 'y')]);
    expect((await ideas.get(idea1))?.color).toBe('none');
    expect(await ideas.get(idea2)).toBeNull();
  });

  it('takes an edit of the reason and colour, dated, and ignores an edit of an idea it does not hold', async () => {
    const ideas = await project([
      created(idea1, noteA, 'la lumière'),
      { type: 'PromisingIdeaEdited', data: { contributionId: idea1, reason: 'Mieux dit', color: 'blue' } },
      { type: 'PromisingIdeaEdited', data: { contributionId: idea2, reason: 'Nulle part', color: 'green' } },
    ]);
    expect(await ideas.get(idea1)).toMatchObject({
      idea: 'la lumière',
      reason: 'Mieux dit',
      color: 'blue',
      created: '2026-01-01T00:00:00.000Z',
      modified: '2026-01-01T00:00:01.000Z',
    });
    expect(await ideas.get(idea2)).toBeNull();
  });
});
