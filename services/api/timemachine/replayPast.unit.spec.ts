import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../../contracts/events/event.ts';
import type { AccessObject, AccessSubject } from '../../../contracts/permissions.ts';
import { ViewReplay } from './replay.ts';

/** Issue 20 §4 in the replay itself: `mayReadPast` per ref, and the view's own access then. */

const id = (n: number) => n.toString(16).padStart(24, '0');
const community = id(1);
const view = id(2);
const note = id(3);
const ref = id(10);
const alice = id(20);
const bob = id(21);
const bobUser = id(31);

const log = () => {
  const events: RecordedEvent[] = [];
  const add = (streamName: string, type: string, data: object) => {
    const n = events.length + 1;
    events.push({
      type,
      data,
      streamName,
      streamRevision: 0,
      globalPosition: n,
      eventId: `e${n}`,
      metadata: { actorId: null, at: new Date(Date.UTC(2024, 0, 1, 8, 0, n)).toISOString() },
    });
  };
  return { events, add };
};
const joined = (authorId: string, role: string) => ({
  authorId,
  communityId: community,
  userId: id(99),
  role,
  userName: 'u',
  firstName: 'U',
  lastName: 'L',
  email: '',
  via: 'registrationKey',
});
const created = (contributionId: string, type: string, permission: string) => ({
  contributionId,
  communityId: community,
  type,
  title: `${type} title`,
  status: 'active',
  permission,
  authors: [alice],
  group: null,
  data: {},
});

const replayFor = (events: RecordedEvent[], now: { reader: AccessSubject; states: Map<string, AccessObject> }) => {
  const replay = new ViewReplay({
    viewId: view,
    communityId: community,
    reader: { authorId: bob, userId: bobUser, isAdmin: false },
    authorIdOf: () => alice,
    now,
  });
  replay.consume(events);
  return replay;
};
const visibleAfterEachStep = (replay: ViewReplay) => replay.steps.map((_, i) => replay.frameAt(i).refs.length);
const open: AccessObject = { permission: 'public', authors: [alice], groupMembers: [] };
const closed: AccessObject = { permission: 'private', authors: [alice], groupMembers: [] };

describe('ViewReplay under mayReadPast', () => {
  it('hides from a demoted manager a note only managers could read then, though it is public now', () => {
    const { events, add } = log();
    add(`author-${bob}`, 'AuthorJoined', joined(bob, 'manager'));
    add(`contribution-${view}`, 'ContributionCreated', created(view, 'View', 'public'));
    add(`contribution-${note}`, 'ContributionCreated', created(note, 'Note', 'private'));
    add(`contribution-${view}`, 'LinkCreated', {
      linkId: ref,
      communityId: community,
      from: view,
      to: note,
      type: 'contains',
      data: { x: 1, y: 2 },
    });
    add(`contribution-${note}`, 'PermissionChanged', { contributionId: note, permission: 'public', group: null });
    const states = new Map([
      [view, open],
      [note, open],
    ]);
    // Still a manager: the note from its placement on.
    expect(replayFor(events, { reader: { authorId: bob, isManager: true }, states }).steps.map((s) => [s.kind, s.position])).toEqual([
      ['created', 4],
      ['modified', 5],
    ]);
    // Demoted since: only from the moment it was public.
    const demoted = replayFor(events, { reader: { authorId: bob, isManager: false }, states });
    expect(demoted.steps.map((s) => [s.kind, s.position])).toEqual([['created', 5]]);
  });

  it('shows nothing of a note private now, and nothing of the time the view itself was closed to the reader', () => {
    const { events, add } = log();
    add(`author-${bob}`, 'AuthorJoined', joined(bob, 'writer'));
    add(`contribution-${view}`, 'ContributionCreated', created(view, 'View', 'private'));
    add(`contribution-${note}`, 'ContributionCreated', created(note, 'Note', 'public'));
    add(`contribution-${view}`, 'LinkCreated', {
      linkId: ref,
      communityId: community,
      from: view,
      to: note,
      type: 'contains',
      data: { x: 1, y: 2 },
    });
    add(`contribution-${view}`, 'LinkUpdated', { linkId: ref, from: view, data: { x: 5 } });
    add(`contribution-${view}`, 'PermissionChanged', { contributionId: view, permission: 'public', group: null });
    const reader = { authorId: bob, isManager: false };
    const replay = replayFor(events, {
      reader,
      states: new Map([
        [view, open],
        [note, open],
      ]),
    });
    expect(replay.steps.map((s) => [s.kind, s.position])).toEqual([['created', 6]]);
    expect(replay.steps[0]?.after?.data.x).toBe(5);
    expect(visibleAfterEachStep(replay)).toEqual([1]);
    expect(
      replayFor(events, {
        reader,
        states: new Map([
          [view, open],
          [note, closed],
        ]),
      }).steps,
    ).toEqual([]);
    // A contribution whose state now is unknown (gone) is hidden too.
    expect(replayFor(events, { reader, states: new Map([[view, open]]) }).steps).toEqual([]);
  });
});
