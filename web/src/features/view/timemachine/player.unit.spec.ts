import { describe, expect, it } from 'vitest';
import type { TimeMachineDeltaStep } from '../../../../../contracts/api/timemachine.ts';
import type { ViewRef } from '../../../../../contracts/api/views.ts';
import {
  controlsFor,
  emptyScene,
  fitScale,
  frameAt,
  groupEnds,
  nextStop,
  previousStop,
  runAt,
  sceneLinks,
  sceneRefs,
  seek,
  stopAt,
  zoomed,
} from './player.ts';

const ref = (id: string, x: number, title: string, created = `2024-01-01T00:00:0${id}Z`): ViewRef => ({
  _id: id,
  viewId: 'v',
  to: `c${id}`,
  data: { x, y: 10 },
  created,
  modified: created,
  _to: {
    _id: `c${id}`,
    type: 'Note',
    title,
    status: 'active',
    permission: 'protected',
    authors: [],
    authorNames: [],
    group: null,
    groupTitle: null,
    created,
    modified: created,
    read: 'unread',
    byMe: false,
    promising: false,
    favourite: false,
    riseaboveViewId: null,
    svg: null,
    attachment: null,
    langInNote: [],
  } as unknown as ViewRef['_to'],
});

const step = (
  index: number,
  time: string,
  before: ViewRef | null,
  after: ViewRef | null,
  added: string[] = [],
  removed: string[] = [],
): TimeMachineDeltaStep => ({
  index,
  position: index,
  time,
  actorId: null,
  actorName: '',
  kind: before === null ? 'created' : after === null ? 'deleted' : 'modified',
  refId: (after ?? before)?._id ?? '',
  contributionId: (after ?? before)?.to ?? '',
  title: (after ?? before)?._to.title ?? '',
  action: before === null ? 'contributed' : after === null ? 'removed' : 'moved',
  other: null,
  before,
  after,
  links: {
    added: added.map((id) => ({ _id: id, from: 'c1', to: 'c2', type: 'buildson' })),
    removed: removed.map((id) => ({ _id: id, from: 'c1', to: 'c2', type: 'buildson' })),
  },
});

const a1 = ref('1', 10, 'A');
const a2 = { ...a1, data: { x: 50, y: 60 } };
const b1 = ref('2', 20, 'B');
const steps = [
  step(0, '2024-01-01T00:00:01Z', null, a1),
  step(1, '2024-01-01T00:00:02Z', null, b1, ['L']),
  step(2, '2024-01-01T00:00:03Z', a1, a2),
  step(3, '2024-01-01T00:00:04Z', b1, null, [], ['L']),
];

const snapshot = (scene: ReturnType<typeof emptyScene>) => JSON.stringify({ refs: sceneRefs(scene), links: sceneLinks(scene) });

describe('the time machine player', () => {
  it('upserts created/modified, removes deleted, and back-steps exactly', () => {
    const scene = emptyScene();
    const frames: string[] = [snapshot(scene)];
    let frame = -1;
    for (let i = 0; i < steps.length; i++) {
      frame = seek(scene, steps, frame, frame + 1);
      frames.push(snapshot(scene));
    }
    expect(frame).toBe(3);
    expect(sceneRefs(scene).map((r) => [r._id, r.data.x])).toEqual([['1', 50]]);
    expect(sceneLinks(scene)).toEqual([]);
    for (let i = steps.length - 1; i >= -1; i--) {
      frame = seek(scene, steps, frame, i);
      expect(snapshot(scene)).toBe(frames[i + 1]);
    }
    expect(seek(scene, steps, -1, 99)).toBe(3);
    expect(seek(scene, steps, 3, -7)).toBe(-1);
    expect(scene.refs.size).toBe(0);
  });

  it('enables the buttons as the fact sheet says', () => {
    expect(controlsFor(-1, 4, false)).toEqual({ first: false, back: false, step: true, last: true, play: true });
    expect(controlsFor(3, 4, false)).toEqual({ first: true, back: true, step: false, last: false, play: false });
    expect(controlsFor(1, 4, true)).toEqual({ first: false, back: false, step: false, last: false, play: true });
  });

  it('finds the frame in force at an instant and zooms by the fixed factors', () => {
    expect(frameAt(steps, '2024-01-01T00:00:00Z')).toBe(-1);
    expect(frameAt(steps, '2024-01-01T00:00:02.500Z')).toBe(1);
    expect(frameAt(steps, '2030-01-01T00:00:00Z')).toBe(3);
    const fit = fitScale(0, 100_000, 1024);
    expect(fit).toBeCloseTo(1000 / 100_000);
    expect(zoomed(fit, 'up', 0)).toBeCloseTo(fit * 2);
    expect(zoomed(fit, 'bigUp', 0)).toBeCloseTo(fit * 5);
    expect(zoomed(fit, 'down', 0)).toBeCloseTo(fit * 0.5);
    expect(zoomed(fit, 'bigDown', fit / 2)).toBeCloseTo(fit / 2);
  });

  it('plays the steps of one action together unless asked for one step per event (issue 21 §8)', () => {
    // A rise-above (three steps by Léa at one instant), then two moves by Hugo at two instants, then one by Léa at his last instant.
    const played = [
      { time: 't1', actorId: 'lea' },
      { time: 't1', actorId: 'lea' },
      { time: 't1', actorId: 'lea' },
      { time: 't2', actorId: 'hugo' },
      { time: 't3', actorId: 'hugo' },
      { time: 't3', actorId: 'lea' },
    ];
    expect(groupEnds(played, true)).toEqual([0, 1, 2, 3, 4, 5]);
    const ends = groupEnds(played, false);
    expect(ends).toEqual([2, 3, 4, 5]);
    // Forward and back stop only at the end of each action; −1 is the empty canvas.
    expect(nextStop(ends, -1)).toBe(2);
    expect(nextStop(ends, 2)).toBe(3);
    expect(nextStop(ends, 5)).toBe(5);
    expect(previousStop(ends, 3)).toBe(2);
    expect(previousStop(ends, 2)).toBe(-1);
    // A timeline click (or "as of") inside an action shows it whole; the caption covers the whole run.
    expect(stopAt(ends, 0)).toBe(2);
    expect(stopAt(ends, 1)).toBe(2);
    expect(stopAt(ends, -1)).toBe(-1);
    expect(runAt(ends, 2)).toEqual({ from: 0, to: 2 });
    expect(runAt(ends, 4)).toEqual({ from: 4, to: 4 });
    expect(runAt(groupEnds(played, true), 2)).toEqual({ from: 2, to: 2 });
    expect(groupEnds([], false)).toEqual([]);
    expect(nextStop([], -1)).toBe(-1);
  });
});
