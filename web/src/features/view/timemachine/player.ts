import type { ViewLink, ViewRef } from '../../../../../contracts/api/views.ts';
import { applyStep, revertStep, type Scene, type StepDelta } from '../../../../../contracts/timeMachineSteps.ts';

/** The replay rule itself is shared with the server (contracts/timeMachineSteps.ts). */
export { applyStep, emptyScene, revertStep, type Scene } from '../../../../../contracts/timeMachineSteps.ts';

/** Moves `scene` (at frame `from`) to frame `to` by stepping forward or back; returns the new frame. */
export const seek = (scene: Scene, steps: readonly StepDelta[], from: number, to: number): number => {
  const target = Math.max(-1, Math.min(steps.length - 1, to));
  let frame = from;
  while (frame < target) {
    frame += 1;
    applyStep(scene, steps[frame] as StepDelta);
  }
  while (frame > target) {
    revertStep(scene, steps[frame] as StepDelta);
    frame -= 1;
  }
  return frame;
};

/** Refs sorted as the server sorts a frame: by `created`, then `_id`. */
export const sceneRefs = (scene: Scene): ViewRef[] =>
  [...scene.refs.values()].sort((a, b) =>
    a.created < b.created ? -1 : a.created > b.created ? 1 : a._id < b._id ? -1 : a._id > b._id ? 1 : 0,
  );

export const sceneLinks = (scene: Scene): ViewLink[] => [...scene.links.values()];

// ---- steps played together (issue 21 §8) ------------------------------------------------

/**
 * The frames the player stops at. One step per event stops at every step;
 * otherwise the steps of one action (same person, same instant: a rise-above
 * moving notes and placing its own, several selected notes dragged at once)
 * play as one, and the player stops only at the last step of each such run.
 * The last frame is always a stop; frame −1 always is too.
 */
export const groupEnds = (steps: readonly { time: string; actorId: string | null }[], perEvent: boolean): number[] => {
  const ends: number[] = [];
  steps.forEach((step, index) => {
    const next = steps[index + 1];
    if (perEvent || !next || next.time !== step.time || next.actorId !== step.actorId) ends.push(index);
  });
  return ends;
};

/** The first stop after `frame` (the last frame when none is left). */
export const nextStop = (ends: readonly number[], frame: number): number => ends.find((end) => end > frame) ?? ends[ends.length - 1] ?? -1;

/** The last stop before `frame` (−1, the empty canvas, before the first). */
export const previousStop = (ends: readonly number[], frame: number): number => {
  for (let i = ends.length - 1; i >= 0; i--) if ((ends[i] as number) < frame) return ends[i] as number;
  return -1;
};

/** The stop that shows `frame`'s action whole: the end of the run holding it (−1 stays −1). */
export const stopAt = (ends: readonly number[], frame: number): number =>
  frame < 0 ? -1 : (ends.find((end) => end >= frame) ?? ends[ends.length - 1] ?? -1);

/** The steps shown at stop `frame`: from the step after the previous stop through `frame`. */
export const runAt = (ends: readonly number[], frame: number): { from: number; to: number } => ({
  from: frame < 0 ? 0 : previousStop(ends, frame) + 1,
  to: frame,
});

/** Which player buttons are enabled (fact sheet §2.2). */
export const controlsFor = (frame: number, count: number, playing: boolean) => ({
  first: !playing && frame > -1,
  back: !playing && frame > -1,
  step: !playing && frame < count - 1,
  last: !playing && frame < count - 1,
  play: playing || frame < count - 1,
});

/** The frame in force at `time` (ISO): the last step at or before it; −1 before the first. */
export const frameAt = (steps: readonly { time: string }[], time: string): number => {
  const at = Date.parse(time);
  let lo = 0;
  let hi = steps.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (Date.parse((steps[mid] as { time: string }).time) <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
};

// ---- timeline zoom (fact sheet §2.2: ×0.5, ×0.1, ×2, ×5, fit, focus) ---------------------

export type ZoomAction = 'bigDown' | 'down' | 'focus' | 'up' | 'bigUp' | 'fit';
/** Scale factors of the timeline (pixels per millisecond) for each zoom button. */
export const zoomFactors = { bigDown: 0.1, down: 0.5, up: 2, bigUp: 5 } as const;
/** Closest zoom (pixels per millisecond): events a few ms apart can still be told apart. */
export const maxScale = 20;

/** The scale that fits [start, end] into `width` pixels (with a little room at each end). */
export const fitScale = (start: number, end: number, width: number): number =>
  Math.min(maxScale, Math.max(1e-9, width - 24) / Math.max(1000, end - start));

export const zoomed = (scale: number, action: Exclude<ZoomAction, 'focus' | 'fit'>, minScale: number): number =>
  Math.min(maxScale, Math.max(minScale, scale * zoomFactors[action]));
