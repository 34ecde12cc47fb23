import { placeableTypes } from '../../../contracts/api/canvas.ts';
import { msg } from '../../../contracts/messageCodes.ts';
import { fieldError, ForbiddenError, ValidationError } from '../../core/errors.ts';

/**
 * Which links may connect what (spec part 2 §6, issue 20 §9). Refs
 * (`contains`) put a contribution on a view; build-on and reference links
 * connect contributions and belong to their source: a pupil links from what
 * they may edit, to anything they may read. Pure: readability of both ends is
 * checked by the caller (a 404 that leaks nothing); these functions decide
 * the rest and throw the refusal.
 */

/** Link types drawn as arrows among refs. */
export const arrowLinkTypes = ['buildson', 'references'] as const;

/** Link types whose removal follows the editing rule of their source. */
const sourceOwnedTypes: ReadonlySet<string> = new Set(['buildson', 'references', 'attach']);

/** A ref starts at a view (400 naming `from` otherwise). */
export const checkRefSource = (fromType: string): void => {
  if (fromType !== 'View') throw ValidationError.field('from', msg('canvasService.notAView'));
};

/**
 * What a ref places: one of the placeable types (annotations, scaffolds,
 * groups and contexts never sit on a canvas, though a search may find them),
 * and its data must say where (x and y).
 */
export const checkRefTarget = (targetType: string, data: Record<string, unknown>): void => {
  if (!placeableTypes.has(targetType)) throw ValidationError.field('to', msg('canvasService.notPlaceable'));
  const missing = (['x', 'y'] as const).filter((key) => typeof data[key] !== 'number');
  if (missing.length > 0) {
    throw ValidationError.fields(missing.map((key) => fieldError(`data.${key}`, msg('errors.fieldRequired', { field: `data.${key}` }))));
  }
};

/**
 * A build-on or reference link: only from a contribution the caller may
 * edit. Returns the link's data: a reference keeps its quote, nothing else.
 */
export const checkConnectionLink = (
  type: 'buildson' | 'references',
  mayWriteFrom: boolean,
  data: Record<string, unknown>,
): Record<string, unknown> => {
  if (!mayWriteFrom) throw new ForbiddenError(msg('canvasService.cannotLinkFrom'));
  return type === 'references' && typeof data.text === 'string' ? { text: data.text } : {};
};

/** How the removal of a link is decided: by the ref rules (a ref), or by who may edit its source. */
export type LinkRemoval = 'ref' | 'source';

/** Which rule decides the removal of a link of `type` (400 for links no route removes). */
export const removalRule = (type: string): LinkRemoval => {
  if (type === 'contains') return 'ref';
  if (sourceOwnedTypes.has(type)) return 'source';
  throw ValidationError.field('id', msg('canvasService.unsupportedLinkType'));
};

/**
 * Removing a build-on, reference or attach link: those who may edit its
 * source. For `attach` (a note's attachments tab) that is the note's editing
 * rule; the attachment itself stays, readable by its own permission.
 */
export const checkSourceLinkRemoval = (type: string, mayWriteFrom: boolean): void => {
  if (mayWriteFrom) return;
  throw new ForbiddenError(type === 'attach' ? msg('canvasService.cannotRemoveAttachment') : msg('canvasService.cannotLinkFrom'));
};
