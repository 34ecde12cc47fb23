import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../../contracts/events/event.ts';
import { ViewReplay } from './replay.ts';

/**
 * Issue 21 §8: each step says what happened. A rise-above moves the selected
 * notes into its inner view ("moved into the rise-above « … »", not
 * "deleted"), a build-on names the note it builds on, a move, a resize, a
 * retitle, a reference, a removal and a deletion are told apart.
 */

const id = (n: number) => n.toString(16).padStart(24, '0');
const community = id(1);
const view = id(2);
const [a, b, c, d, e, r, inner] = [id(3), id(4), id(5), id(6), id(7), id(8), id(9)];
const [refA, refB, refC, refD, refE, refR] = [id(10), id(11), id(12), id(13), id(14), id(15)];
const [buildson, reference] = [id(16), id(17)];
const [alice, bob] = [id(20), id(21)];
const [aliceUser, bobUser] = [id(30), id(31)];

/** A log whose clock moves only when told: the events of one request share their instant. */
const log = () => {
  const events: RecordedEvent[] = [];
  let second = 0;
  const at = () => new Date(Date.UTC(2024, 0, 1, 8, 0, second)).toISOString();
  const add = (streamName: string, type: string, data: object, actorId: string | null = aliceUser) => {
    const n = events.length + 1;
    events.push({ type, data, streamName, streamRevision: 0, globalPosition: n, eventId: `e${n}`, metadata: { actorId, at: at() } });
  };
  return { events, add, tick: () => void (second += 1), at };
};

const joined = (authorId: string, userId: string, firstName: string) => ({
  authorId,
  communityId: community,
  userId,
  role: 'writer',
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
const content = (contributionId: string, title: string) => ({
  contributionId,
  title,
  body: { type: 'doc' },
  keywords: [],
  wordCount: 0,
  text4search: title,
});
const contains = (linkId: string, from: string, to: string, data: object = { x: 10, y: 10 }) => ({
  linkId,
  communityId: community,
  from,
  to,
  type: 'contains',
  data,
});

const replayFor = (events: RecordedEvent[]) => {
  const replay = new ViewReplay({
    viewId: view,
    communityId: community,
    reader: { authorId: bob, userId: bobUser, isAdmin: false },
    authorIdOf: (userId) => (userId === bobUser ? bob : alice),
  });
  replay.consume(events);
  return replay;
};

describe('what each time machine step did', () => {
  const { events, add, tick } = log();
  add(`author-${alice}`, 'AuthorJoined', joined(alice, aliceUser, 'Alice'));
  add(`author-${bob}`, 'AuthorJoined', joined(bob, bobUser, 'Bob'));
  tick();
  // A note placed while a draft, published later.
  add(`contribution-${a}`, 'ContributionCreated', created(a, '', { status: 'unsaved' }));
  add(`contribution-${view}`, 'LinkCreated', contains(refA, view, a));
  tick();
  add(`contribution-${a}`, 'NoteContributed', content(a, 'Pourquoi la glace flotte ?'));
  tick();
  // Created active and placed in one request.
  add(`contribution-${b}`, 'ContributionCreated', created(b, 'Elle est plus légère'));
  add(`contribution-${view}`, 'LinkCreated', contains(refB, view, b));
  tick();
  // A build-on of A, published.
  add(`contribution-${c}`, 'ContributionCreated', created(c, '', { status: 'unsaved' }));
  add(`contribution-${c}`, 'LinkCreated', { linkId: buildson, communityId: community, from: c, to: a, type: 'buildson', data: {} });
  add(`contribution-${view}`, 'LinkCreated', contains(refC, view, c));
  tick();
  add(`contribution-${c}`, 'NoteContributed', content(c, 'Comme un glaçon'));
  tick();
  add(`contribution-${view}`, 'LinkUpdated', { linkId: refA, from: view, data: { x: 50, y: 60 } });
  tick();
  add(`contribution-${view}`, 'LinkUpdated', { linkId: refA, from: view, data: { width: 300, height: 200 } });
  tick();
  add(`contribution-${view}`, 'LinkUpdated', { linkId: refA, from: view, data: { draggable: false } });
  tick();
  add(`contribution-${a}`, 'ContributionRetitled', { contributionId: a, title: 'Pourquoi la glace flotte-t-elle ?' });
  tick();
  // An older note, placed on the view later; then referenced and unreferenced from B.
  add(`contribution-${d}`, 'ContributionCreated', created(d, 'Densité'));
  tick();
  add(`contribution-${view}`, 'LinkCreated', contains(refD, view, d));
  tick();
  add(`contribution-${b}`, 'LinkCreated', { linkId: reference, communityId: community, from: b, to: d, type: 'references', data: {} });
  tick();
  add(`contribution-${b}`, 'LinkDeleted', { linkId: reference, from: b });
  tick();
  // Rise above A and B, as the canvas service writes it: the inner view and its refs, the rise-above note, then the originals removed and its ref placed.
  add(`contribution-${inner}`, 'ContributionCreated', { ...created(inner, `riseabove:${r}`), type: 'View' });
  add(`contribution-${inner}`, 'LinkCreated', contains(id(40), inner, a));
  add(`contribution-${inner}`, 'LinkCreated', contains(id(41), inner, b));
  add(`contribution-${r}`, 'ContributionCreated', created(r, 'Synthèse : la densité', { data: { riseabove: { viewId: inner } } }));
  add(`contribution-${view}`, 'LinkDeleted', { linkId: refA, from: view });
  add(`contribution-${view}`, 'LinkDeleted', { linkId: refB, from: view });
  add(`contribution-${view}`, 'LinkCreated', contains(refR, view, r));
  tick();
  add(`contribution-${d}`, 'ContributionStatusChanged', { contributionId: d, status: 'inactive' });
  tick();
  add(`contribution-${c}`, 'PermissionChanged', { contributionId: c, permission: 'private', group: null });
  tick();
  add(`contribution-${e}`, 'ContributionCreated', created(e, 'Et le pétrole ?'));
  add(`contribution-${view}`, 'LinkCreated', contains(refE, view, e));
  tick();
  add(`contribution-${view}`, 'LinkDeleted', { linkId: refE, from: view }, bobUser);

  const replay = replayFor(events);
  const told = replay.steps.map((step) => [step.refId, step.kind, step.action, step.other?.title ?? null]);

  it('tells each change apart', () => {
    expect(told).toEqual([
      [refA, 'created', 'contributed', null],
      [refB, 'created', 'contributed', null],
      [refC, 'created', 'builtOn', 'Pourquoi la glace flotte ?'],
      [refA, 'modified', 'moved', null],
      [refA, 'modified', 'resized', null],
      [refA, 'modified', 'arranged', null],
      [refA, 'modified', 'retitled', null],
      [refD, 'created', 'placed', null],
      [refB, 'modified', 'linkedReference', 'Densité'],
      [refB, 'modified', 'unlinked', 'Densité'],
      [refA, 'deleted', 'movedInto', 'Synthèse : la densité'],
      [refB, 'deleted', 'movedInto', 'Synthèse : la densité'],
      [refR, 'created', 'risenAbove', null],
      [refD, 'deleted', 'deleted', null],
      [refC, 'deleted', 'unshared', null],
      [refE, 'created', 'contributed', null],
      [refE, 'deleted', 'removed', null],
    ]);
  });

  it('calls a removal a plain removal when the note was not just placed elsewhere by the same person', () => {
    const late = log();
    late.add(`contribution-${inner}`, 'ContributionCreated', { ...created(inner, 'Autre vue'), type: 'View' });
    late.add(`contribution-${a}`, 'ContributionCreated', created(a, 'A'));
    late.add(`contribution-${view}`, 'LinkCreated', contains(refA, view, a));
    late.add(`contribution-${view}`, 'LinkCreated', contains(refR, view, inner));
    late.add(`contribution-${inner}`, 'LinkCreated', contains(id(40), inner, a));
    // Moved into the placed view "Autre vue" by the same person in the same request: a move.
    late.add(`contribution-${view}`, 'LinkDeleted', { linkId: refA, from: view });
    expect(replayFor(late.events).steps.at(-1)).toMatchObject({
      action: 'movedIntoView',
      other: { contributionId: inner, title: 'Autre vue' },
    });

    const other = log();
    other.add(`contribution-${inner}`, 'ContributionCreated', { ...created(inner, 'Autre vue'), type: 'View' });
    other.add(`contribution-${a}`, 'ContributionCreated', created(a, 'A'));
    other.add(`contribution-${view}`, 'LinkCreated', contains(refA, view, a));
    other.add(`contribution-${view}`, 'LinkCreated', contains(refR, view, inner));
    other.add(`contribution-${inner}`, 'LinkCreated', contains(id(40), inner, a));
    // Someone else removes it from this view: not a move.
    other.add(`contribution-${view}`, 'LinkDeleted', { linkId: refA, from: view }, bobUser);
    expect(replayFor(other.events).steps.at(-1)).toMatchObject({ action: 'removed', other: null });
  });

  it('names no rise-above the reader may not read', () => {
    const hidden = events.map((event) =>
      event.type === 'ContributionCreated' && event.streamName === `contribution-${r}`
        ? { ...event, data: { ...event.data, permission: 'private' } }
        : event,
    );
    const steps = replayFor(hidden).steps;
    const moved = steps.filter((step) => step.refId === refA && step.kind === 'deleted');
    expect(moved.map((step) => [step.action, step.other])).toEqual([['removed', null]]);
    expect(JSON.stringify(steps)).not.toContain('Synthèse');
  });
});
