import { beforeAll, describe, expect, it } from 'vitest';
import { contributionStreamName } from '../../contracts/events/contribution.ts';
import { handleCommand } from '../../services/core/decider.ts';
import { batchDecider } from '../../services/domain/contribution/batch.ts';
import { contributionDecider } from '../../services/domain/contribution/contribution.decide.ts';
import { buildObjectsTestApp, classRoom, createContribution, textDoc, type ClassRoom } from '../../tests/support/objects.ts';
import { historicalObjectsCollectionName, type HistoricalObjectDocument } from './index.ts';
import { useTestApp } from '../../tests/support/suite.ts';

let room: ClassRoom;

const t = useTestApp(() => buildObjectsTestApp());
beforeAll(async () => {
  room = await classRoom(t);
});

const run = async (id: string, commands: Parameters<typeof contributionDecider.decide>[0][]) => {
  const { eventStore, projections, clock } = t.infra.commandDeps;
  const result = await handleCommand(eventStore, contributionStreamName(id), batchDecider(contributionDecider), commands, {
    metadata: { actorId: room.a.userId, at: clock.now().toISOString() },
  });
  await projections.waitFor(result.lastPosition);
};

describe('history projection', () => {
  it('keeps a copy of the object after each change and of each link, the same after a rebuild', async () => {
    const id = await createContribution(t, {
      communityId: room.communityId,
      type: 'Note',
      authors: [room.a.authorId],
      actorId: room.a.userId,
    });
    const support = await createContribution(t, {
      communityId: room.communityId,
      type: 'Support',
      authors: [room.manager.authorId],
      title: 'S',
    });
    let n = 0;
    const newId = () => `f0000000000000000000000${++n}`.slice(-24);
    const body = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [{ type: 'support', attrs: { supportId: support, linkId: null, title: 'S' }, content: [{ type: 'text', text: 'x' }] }],
        },
      ],
    };
    await run(id, [{ type: 'SaveNote', data: { title: 'One', body, keywords: [], wordCount: 1, text4search: '( One ) x (  )', newId } }]);
    await run(id, [
      {
        type: 'SaveNote',
        data: { title: 'Two', body: textDoc('y'), keywords: ['k'], wordCount: 1, text4search: '( Two ) y ( k )', newId },
      },
    ]);
    await run(id, [{ type: 'ChangePermission', data: { permission: 'public', group: null } }]);

    const collection = t.infra.readStore.collection<HistoricalObjectDocument>(historicalObjectsCollectionName);
    const objects = await collection.find({ dataId: id }, { sort: { revision: 1 } });
    expect(objects.map((o) => [o.operation, o.eventType, o.data.title, o.data.status, o.data.permission])).toEqual([
      ['created', 'ContributionCreated', '', 'unsaved', 'protected'],
      ['modified', 'NoteContributed', 'One', 'active', 'protected'],
      ['modified', 'NoteSaved', 'Two', 'active', 'protected'],
      ['modified', 'PermissionChanged', 'Two', 'active', 'public'],
    ]);
    expect(objects.every((o) => o.authorId === room.a.userId && o._id.length === 24 && !('_position' in o.data))).toBe(true);
    const link = await collection.find({ type: 'Link', 'data.from': id }, { sort: { revision: 1 } });
    expect(link.map((l) => [l.operation, l.dataType, l.data.to])).toEqual([
      ['created', 'supports', support],
      ['deleted', 'supports', support],
    ]);

    const before = await collection.find({ communityId: room.communityId }, { sort: { _id: 1 } });
    await t.infra.runner.rebuild(['history']);
    const after = await collection.find({ communityId: room.communityId }, { sort: { _id: 1 } });
    expect(after).toEqual(before);
  });
});
