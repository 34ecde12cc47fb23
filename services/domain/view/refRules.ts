import { ForbiddenError } from '../../core/errors.ts';
import { msg } from '../../../contracts/messageCodes.ts';

/**
 * The rules of refs (fact sheet §3.3, spec part 2 §6), which the original
 * checked only in the browser. Pure; every refusal is a 403 with the spec's
 * message.
 */

/** Who acts on a ref, seen from the rules. */
export type RefActor = {
  /** Manager of the community, or admin. */
  isManager: boolean;
  /** canWrite on the view. */
  editable: boolean;
  /** One of the view's authors. */
  isViewAuthor: boolean;
  /** One of the placed contribution's authors. */
  isTargetAuthor: boolean;
  /** The community's context has `freemode` on. */
  freemode: boolean;
};

/** The fields of a ref's data the rules look at. */
export type RefFlags = {
  x?: unknown;
  y?: unknown;
  width?: unknown;
  height?: unknown;
  showInPlace?: unknown;
  draggable?: unknown;
  fixed?: unknown;
  locked?: unknown;
};

/** Lock control: a manager or an author of the view. */
export const hasLockControl = (actor: RefActor): boolean => actor.isManager || actor.isViewAuthor;
/** Fix rights: an author of the placed object or a manager (plus an editable view). */
export const hasFixRight = (actor: RefActor): boolean => actor.editable && (actor.isManager || actor.isTargetAuthor);

const changed = (current: RefFlags, change: RefFlags, key: keyof RefFlags): boolean =>
  key in change && change[key] !== undefined && change[key] !== current[key];
const truthy = (value: unknown): boolean => value === true;

/** Whether a change moves or resizes the ref. */
export const movesRef = (current: RefFlags, change: RefFlags): boolean =>
  changed(current, change, 'x') || changed(current, change, 'y') || changed(current, change, 'width') || changed(current, change, 'height');

/**
 * Checks a change of a ref's data (move, resize, show in place, pin, fix,
 * hard lock, unlock); throws a ForbiddenError when refused.
 */
export const checkRefChange = (actor: RefActor, current: RefFlags, change: RefFlags): void => {
  if (!actor.editable) throw new ForbiddenError(msg('canvas.cannotEditView'));
  if (truthy(current.locked) && !hasLockControl(actor)) throw new ForbiddenError(msg('canvas.cannotLock'));
  if (changed(current, change, 'locked') && truthy(current.locked) !== truthy(change.locked)) {
    if (truthy(change.locked) && !hasFixRight(actor)) throw new ForbiddenError(msg('canvas.cannotFix'));
    if (!hasLockControl(actor)) throw new ForbiddenError(msg('canvas.cannotLock'));
  }
  // Unlocking a hard-locked ref (lock control, checked above) also unfixes it.
  const unlocking = truthy(current.locked) && hasLockControl(actor);
  if (changed(current, change, 'fixed') && truthy(current.fixed) !== truthy(change.fixed) && !unlocking && !hasFixRight(actor)) {
    throw new ForbiddenError(msg('canvas.cannotFix'));
  }
  const next = { ...current, ...Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined)) };
  if (movesRef(current, change) && (truthy(next.fixed) || truthy(next.locked) || next.draggable === false)) {
    throw new ForbiddenError(msg('canvasService.fixedInPlace'));
  }
};

/** Checks the removal of a ref; throws a ForbiddenError when refused. */
export const checkRefDelete = (actor: RefActor, current: RefFlags): void => {
  if (!actor.editable) throw new ForbiddenError(msg('canvas.cannotEditView'));
  if (truthy(current.locked) && !hasLockControl(actor)) throw new ForbiddenError(msg('canvas.cannotLock'));
  if (!actor.isManager && !actor.freemode && !actor.isTargetAuthor) throw new ForbiddenError(msg('canvasService.notYourObject'));
};
