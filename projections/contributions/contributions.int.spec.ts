import { describe, expect, it } from 'vitest';
import type { ContributionEvent } from '../../contracts/events/contribution.ts';
import type { RecordedEvent } from '../../contracts/events/event.ts';
import { MemoryReadStore } from '../../services/adapters/memory-readstore/memoryReadStore.ts';
import type { ProjectionContext } from '../../services/core/projection.ts';
import {
  contributionsCollectionName,
  contributionsProjection,
  linksCollectionName,
  linksFrom,
  type ContributionDocument,
  type LinkDocument,
} from './index.ts';

const id = '64e000000000000000000001';
const communityId = '64e0000000000000000000c1';

const recorded = (events: ContributionEvent[]): RecordedEvent[] =>
  events.map((event, index) => ({
    ...event,
    metadata: { actorId: null, at: new Date(Date.UTC(2025, 0, 1, 0, 0, index)).toISOString() },
    eventId: `e${index}`,
    streamName: `contribution-${id}`,
    streamRevision: index,
    globalPosition: index + 1,
  }));

const project = async (events: ContributionEvent[]) => {
  const store = new MemoryReadStore();
  for (const spec of contributionsProjection.collections) await store.ensureCollection(spec);
  const context: ProjectionContext = { collection: (name) => store.collection(name) };
  for (const event of recorded(events)) await contributionsProjection.apply(event, context);
  // Applying everything again changes nothing (idempotent).
  for (const event of recorded(events)) await contributionsProjection.apply(event, context);
  return {
    contributions: store.collection<ContributionDocument>(contributionsCollectionName),
    links: store.collection<LinkDocument>(linksCollectionName),
  };
};

describe('contributions projection', () => {
  it('folds a group: creation, retitle, members, status', async () => {
    const { contributions } = await project([
      {
        type: 'ContributionCreated',
        data: {
          contributionId: id,
          communityId,
          type: 'Group',
          title: 'A',
          status: 'active',
          permission: 'protected',
          authors: ['a1'],
          group: null,
          data: { members: ['a1'] },
        },
      },
      { type: 'ContributionRetitled', data: { contributionId: id, title: 'B' } },
      { type: 'GroupMemberAdded', data: { contributionId: id, authorId: 'a2' } },
      { type: 'GroupMemberAdded', data: { contributionId: id, authorId: 'a2' } },
      { type: 'GroupMemberRemoved', data: { contributionId: id, authorId: 'a1' } },
      { type: 'ContributionStatusChanged', data: { contributionId: id, status: 'inactive' } },
    ]);
    expect(await contributions.get(id)).toMatchObject({
      _id: id,
      communityId,
      type: 'Group',
      title: 'B',
      status: 'inactive',
      data: { members: ['a2'] },
      created: '2025-01-01T00:00:00.000Z',
      modified: '2025-01-01T00:00:05.000Z',
    });
  });

  it('replaces context data and folds links (create, update keeps other fields, delete)', async () => {
    const { contributions, links } = await project([
      {
        type: 'ContributionCreated',
        data: {
          contributionId: id,
          communityId,
          type: 'Context',
          title: 'C',
          status: 'active',
          permission: 'protected',
          authors: [],
          group: null,
          data: { freemode: true, flipname: true },
        },
      },
      { type: 'ContextSettingsChanged', data: { contributionId: id, data: { flipname: false } } },
      { type: 'LinkCreated', data: { linkId: 'l1', communityId, from: id, to: 's2', type: 'uses', data: { order: 2, x: 1 } } },
      { type: 'LinkCreated', data: { linkId: 'l2', communityId, from: id, to: 's1', type: 'uses', data: { order: 1 } } },
      { type: 'LinkCreated', data: { linkId: 'l3', communityId, from: id, to: 's3', type: 'uses', data: { order: 3 } } },
      { type: 'LinkUpdated', data: { linkId: 'l1', from: id, data: { order: 0 } } },
      { type: 'LinkDeleted', data: { linkId: 'l3', from: id } },
    ]);
    expect((await contributions.get(id))?.data).toEqual({ flipname: false });
    const uses = await linksFrom(links, id, 'uses');
    expect(uses.map((l) => [l._id, l.to, l.data])).toEqual([
      ['l1', 's2', { order: 0, x: 1 }],
      ['l2', 's1', { order: 1 }],
    ]);
    expect(await links.get('l3')).toBeNull();
  });
});
