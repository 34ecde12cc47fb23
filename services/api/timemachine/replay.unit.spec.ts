import { describe, expect, it } from 'vitest';
import type { ViewLink, ViewRef } from '../../../contracts/api/views.ts';
import type { RecordedEvent } from '../../../contracts/events/event.ts';
import { applyStep, revertStep, ViewReplay } from './replay.ts';

const id = (n: number) => n.toString(16).padStart(24, '0');
const community = id(1);
const view = id(2);
const note = id(3);
const group = id(4);
const other = id(5);
const ref = id(10);
const ref2 = id(11);
const arrow = id(12);
const alice = id(20);
const bob = id(21);
const bobUser = id(31);

/** A little log, one event per second, in global order. */
const log = () => {
  const events: RecordedEvent[] = [];
  const add = (streamName: string, type: string, data: object, actorId: string | null = null) => {
    const n = events.length + 1;
    events.push({
      type,
      data,
      streamName,
      streamRevision: 0,
      globalPosition: n,
      eventId: `e${n}`,
      metadata: { actorId, at: new Date(Date.UTC(2024, 0, 1, 8, 0, n)).toISOString() },
    });
  };
  return { events, add };
};

const joined = (authorId: string, userId: string, firstName: string, role = 'writer') => ({
  authorId,
  communityId: community,
  userId,
  role,
  userName: firstName.toLowerCase(),
  firstName,
  lastName: 'L',
  email: '',
  via: 'registrationKey',
});
const created = (contributionId: string, title: string, extra: object = {}) => ({
  contributionId,
  communityId: community,
  type: 'Note',
  title,
  status: 'active',
  permission: 'public',
  authors: [alice],
  group: null,
  data: {},
  ...extra,
});

const replayFor = (events: RecordedEvent[], reader: { authorId: string; userId: string; isAdmin?: boolean }, checkpointEvery = 2) => {
  const replay = new ViewReplay({
    viewId: view,
    communityId: community,
    reader: { isAdmin: false, ...reader },
    authorIdOf: (userId) => (userId === bobUser ? bob : alice),
    checkpointEvery,
  });
  replay.consume(events);
  return replay;
};

describe('ViewReplay', () => {
  it('group members as of each instant decide whether a group note shows', () => {
    const { events, add } = log();
    add(`author-${alice}`, 'AuthorJoined', joined(alice, id(30), 'Alice'));
    add(`author-${bob}`, 'AuthorJoined', joined(bob, bobUser, 'Bob'));
    add(`contribution-${group}`, 'ContributionCreated', { ...created(group, 'Team'), type: 'Group', data: { members: [alice] } });
    add(`contribution-${note}`, 'ContributionCreated', created(note, 'Team note', { permission: 'private', group }));
    add(`contribution-${view}`, 'LinkCreated', {
      linkId: ref,
      communityId: community,
      from: view,
      to: note,
      type: 'contains',
      data: { x: 1, y: 2 },
    });
    add(`contribution-${group}`, 'GroupMemberAdded', { contributionId: group, authorId: bob });
    add(`contribution-${view}`, 'LinkUpdated', { linkId: ref, from: view, data: { x: 5 } });
    add(`contribution-${group}`, 'GroupRetitled-ignored', {});
    add(`contribution-${group}`, 'GroupMemberRemoved', { contributionId: group, authorId: bob });
    add(`contribution-${view}`, 'LinkUpdated', { linkId: ref, from: view, data: { x: 9 } });

    const forBob = replayFor(events, { authorId: bob, userId: bobUser });
    expect(forBob.steps.map((s) => [s.kind, s.position, s.after?.data.x ?? null])).toEqual([
      ['created', 6, 1],
      ['modified', 7, 5],
      ['deleted', 9, null],
    ]);
    expect(forBob.steps[0]?.after?._to.groupTitle).toBe('Team');
    const forAlice = replayFor(events, { authorId: alice, userId: id(30) });
    expect(forAlice.steps.map((s) => [s.kind, s.position])).toEqual([
      ['created', 5],
      ['modified', 7],
      ['modified', 10],
    ]);
  });

  it("the reader's role then: a writer promoted to manager starts seeing private notes at that instant", () => {
    const { events, add } = log();
    add(`author-${bob}`, 'AuthorJoined', joined(bob, bobUser, 'Bob'));
    add(`contribution-${note}`, 'ContributionCreated', created(note, 'Private', { permission: 'private' }));
    add(`contribution-${view}`, 'LinkCreated', {
      linkId: ref,
      communityId: community,
      from: view,
      to: note,
      type: 'contains',
      data: { x: 1, y: 1 },
    });
    add(`author-${bob}`, 'AuthorRoleChanged', { authorId: bob, role: 'manager' });
    const replay = replayFor(events, { authorId: bob, userId: bobUser });
    expect(replay.steps.map((s) => [s.kind, s.position])).toEqual([['created', 4]]);
    const admin = replayFor(events, { authorId: id(99), userId: id(98), isAdmin: true });
    expect(admin.steps.map((s) => [s.kind, s.position])).toEqual([['created', 3]]);
  });

  it('author renames change the names shown; arrows among shown refs are steps of their own; back-steps are exact', () => {
    const { events, add } = log();
    add(`author-${alice}`, 'AuthorJoined', joined(alice, id(30), 'Alice'));
    add(`contribution-${note}`, 'ContributionCreated', created(note, 'One'));
    add(`contribution-${other}`, 'ContributionCreated', created(other, 'Two'));
    add(`contribution-${view}`, 'LinkCreated', {
      linkId: ref,
      communityId: community,
      from: view,
      to: note,
      type: 'contains',
      data: { x: 1, y: 1 },
    });
    add(`contribution-${view}`, 'LinkCreated', {
      linkId: ref2,
      communityId: community,
      from: view,
      to: other,
      type: 'contains',
      data: { x: 2, y: 2 },
    });
    add(`contribution-${other}`, 'LinkCreated', {
      linkId: arrow,
      communityId: community,
      from: other,
      to: note,
      type: 'buildson',
      data: {},
    });
    add(`author-${alice}`, 'AuthorRenamed', { authorId: alice, firstName: 'Alicia', lastName: 'L' });
    add(`contribution-${note}`, 'ContributionStatusChanged', { contributionId: note, status: 'inactive' });
    add(`contribution-${other}`, 'LinkDeleted', { linkId: arrow, from: other });
    const replay = replayFor(events, { authorId: bob, userId: bobUser });
    expect(replay.steps.map((s) => [s.kind, s.refId, s.links.added.length, s.links.removed.length])).toEqual([
      ['created', ref, 0, 0],
      ['created', ref2, 0, 0],
      ['modified', ref2, 1, 0],
      ['modified', ref, 0, 0],
      ['modified', ref2, 0, 0],
      ['deleted', ref, 0, 1],
    ]);
    expect(replay.steps[3]?.after?._to.authorNames).toEqual(['Alicia L']);
    expect(replay.steps[5]?.title).toBe('One');

    const refs = new Map<string, ViewRef>();
    const links = new Map<string, ViewLink>();
    const frames: string[] = [JSON.stringify(replay.frameAt(-1))];
    for (const [i, step] of replay.steps.entries()) {
      applyStep(refs, links, step);
      const frame = replay.frameAt(i);
      expect(frame.refs).toEqual([...refs.values()].sort((a, b) => a._id.localeCompare(b._id)));
      expect(frame.links).toEqual([...links.values()]);
      frames.push(JSON.stringify(frame));
    }
    for (let i = replay.steps.length - 1; i >= 0; i--) {
      revertStep(refs, links, replay.steps[i]!);
      expect(JSON.stringify({ refs: [...refs.values()].sort((a, b) => a._id.localeCompare(b._id)), links: [...links.values()] })).toBe(
        frames[i],
      );
    }
  });

  it('resuming with later events gives the same steps as one pass; "as of" finds the frame in force', () => {
    const { events, add } = log();
    add(`contribution-${note}`, 'ContributionCreated', created(note, 'One'));
    for (let i = 0; i < 9; i++) {
      add(
        `contribution-${view}`,
        i === 0 ? 'LinkCreated' : 'LinkUpdated',
        i === 0
          ? { linkId: ref, communityId: community, from: view, to: note, type: 'contains', data: { x: 0, y: 0 } }
          : { linkId: ref, from: view, data: { x: i } },
      );
    }
    const whole = replayFor(events, { authorId: bob, userId: bobUser }, 3);
    const split = replayFor(events.slice(0, 4), { authorId: bob, userId: bobUser }, 3);
    split.consume(events.slice(2));
    expect(split.steps).toEqual(whole.steps);
    for (let i = -1; i < whole.count; i++) expect(split.frameAt(i)).toEqual(whole.frameAt(i));
    expect(whole.indexAt('2000-01-01T00:00:00.000Z')).toBe(-1);
    expect(whole.indexAt(whole.steps[4]!.time)).toBe(4);
    expect(whole.indexAt('2100-01-01T00:00:00.000Z')).toBe(whole.count - 1);
    expect(() => whole.frameAt(whole.count)).toThrow(RangeError);
  });
});
