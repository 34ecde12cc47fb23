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
  [...scene.refs.values()].sort((a, b) => (a.created < b.created ? -1 : a.created > b.created ? 1 : a._id < b._id ? -1 : a._id > b._id ? 1 : 0));

export const sceneLinks = (scene: Scene): ViewLink[] => [...scene.links.values()];

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
export const fitScale = (start: number, end: number, width: number): number => Math.min(maxScale, Math.max(1e-9, width - 24) / Math.max(1000, end - start));

export const zoomed = (scale: number, action: Exclude<ZoomAction, 'focus' | 'fit'>, minScale: number): number =>
  Math.min(maxScale, Math.max(minScale, scale * zoomFactors[action]));
