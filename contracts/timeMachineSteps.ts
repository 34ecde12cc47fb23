import type { TimeMachineDeltaStep } from './api/timemachine.ts';
import type { ViewLink, ViewRef } from './api/views.ts';

/**
 * The replay rule of the time machine, shared by the server's checkpointed
 * replay and the web player (contracts/api/timemachine.ts): frame −1 is the
 * empty canvas, frame i the canvas after steps 0..i. A step puts its `after`
 * (created/modified: upsert) or removes its ref (deleted); a back-step puts its
 * `before` back, so the two are exact inverses.
 */
export type Scene = { refs: Map<string, ViewRef>; links: Map<string, ViewLink> };

export const emptyScene = (): Scene => ({ refs: new Map(), links: new Map() });

export type StepDelta = Pick<TimeMachineDeltaStep, 'refId' | 'before' | 'after' | 'links'>;

export const applyStep = (scene: Scene, step: Pick<StepDelta, 'refId' | 'after' | 'links'>): void => {
  if (step.after) scene.refs.set(step.refId, step.after);
  else scene.refs.delete(step.refId);
  for (const link of step.links.removed) scene.links.delete(link._id);
  for (const link of step.links.added) scene.links.set(link._id, link);
};

/** Undoes one step (the exact inverse of `applyStep`). */
export const revertStep = (scene: Scene, step: Pick<StepDelta, 'refId' | 'before' | 'links'>): void => {
  if (step.before) scene.refs.set(step.refId, step.before);
  else scene.refs.delete(step.refId);
  for (const link of step.links.added) scene.links.delete(link._id);
  for (const link of step.links.removed) scene.links.set(link._id, link);
};
