import { RefBounds } from '../../../contracts/api/canvas.ts';

/** Placement geometry of refs (fact sheet §10.2). Pure. */

/** The spacing box of a new element (spec part 2 §9). */
export const refBox = { width: 80, height: 40 } as const;
/**
 * What a note shown as an icon covers on screen: its card (icon, title up to
 * 18rem, author line). A new picture (a drawing shown in place) keeps off it
 * (issue 21 §4); notes keep the spec's 80×40 spacing box among themselves.
 */
export const cardBox = { width: 288, height: 52 } as const;
/** Default note coordinates. */
export const defaultPosition = { x: 100, y: 100 } as const;
/** Build-on and rise-above offset from the parent / the selection's corner. */
export const besideOffset = 50;
/** Items moved into a rise-above keep their relative positions from this corner. */
export const innerOffset = 20;
const canvasSize = 2000;
const overlapStep = 10;

export type Spot = { x: number; y: number };
export type Size = { width: number; height: number };
/**
 * A ref as placement sees it; fixed refs are ignored by free-space search. A
 * ref shown in place (a drawing, an image) covers its width and height; an
 * icon, the 80×40 spacing box.
 */
export type PlacedRef = { x: number; y: number; fixed?: boolean; width?: number; height?: number };

/** Clamps a coordinate to 2…1950; anything that is not a finite number becomes `fallback`. */
export const clampCoordinate = (value: unknown, fallback: number = defaultPosition.x): number => {
  const n = typeof value === 'number' && Number.isFinite(value) ? value : fallback;
  return Math.min(RefBounds.max, Math.max(RefBounds.min, Math.round(n)));
};

export const clampSpot = (spot: Spot): Spot => ({ x: clampCoordinate(spot.x), y: clampCoordinate(spot.y) });

/** Whether a ref of `size` at `spot` would overlap `other` (their boxes intersect; an unsized `other` covers `unsized`). */
export const overlaps = (spot: Spot, size: Size, other: PlacedRef, unsized: Size): boolean =>
  spot.x < other.x + (other.width ?? unsized.width) &&
  other.x < spot.x + size.width &&
  spot.y < other.y + (other.height ?? unsized.height) &&
  other.y < spot.y + size.height;

/** Whether no unfixed ref overlaps a ref of `size` at `spot`. */
export const isFree = (spot: Spot, refs: readonly PlacedRef[], size: Size = refBox, unsized: Size = refBox): boolean =>
  refs.every((ref) => ref.fixed === true || !overlaps(spot, size, ref, unsized));

/**
 * A free spot from `start`: scan down in 40 px steps, then the next column
 * (80 px to the right) from the top, over a 2000×2000 canvas; fixed refs are
 * ignored. Falls back to `start` when the canvas is full.
 */
export const findFreeSpot = (refs: readonly PlacedRef[], start: Spot, size: Size = refBox): Spot => {
  const origin = clampSpot(start);
  for (let x = origin.x; x <= canvasSize - refBox.width; x += refBox.width) {
    for (let y = x === origin.x ? origin.y : RefBounds.min + 8; y <= canvasSize - refBox.height; y += refBox.height) {
      const spot = clampSpot({ x, y });
      if (isFree(spot, refs, size)) return spot;
    }
  }
  return origin;
};

/**
 * Where a new ref lands when asked for `wanted`: there, unless another ref sits
 * exactly on it — then at a free spot from 50 px right and below (as the
 * original server did).
 */
export const landingSpot = (refs: readonly PlacedRef[], wanted: Spot): Spot => {
  const spot = clampSpot(wanted);
  const taken = refs.some((ref) => ref.x === spot.x && ref.y === spot.y);
  return taken ? findFreeSpot(refs, { x: spot.x + besideOffset, y: spot.y + besideOffset }) : spot;
};

/**
 * Where a new contribution lands (issue 21 §4): at `wanted` when no ref is
 * there, else at the nearest free spot around it, searched ring by ring on a
 * 20 px grid, so notes made one after another from the toolbar sit side by
 * side instead of on one pile. `size` is the new ref's (a drawing shown in
 * place needs its whole picture's room); `unsized` what a ref without a size
 * covers (a new picture keeps off notes' whole cards). Falls back to
 * `landingSpot` on a full canvas.
 */
export const nearestFreeSpot = (refs: readonly PlacedRef[], wanted: Spot, size: Size = refBox, unsized: Size = refBox): Spot => {
  const origin = clampSpot(wanted);
  if (isFree(origin, refs, size, unsized)) return origin;
  const step = 20;
  const maxRing = Math.ceil(canvasSize / step);
  for (let ring = 1; ring <= maxRing; ring++) {
    let best: Spot | null = null;
    let bestDistance = Infinity;
    for (let dx = -ring; dx <= ring; dx++) {
      for (let dy = -ring; dy <= ring; dy++) {
        if (Math.max(Math.abs(dx), Math.abs(dy)) !== ring) continue;
        const spot = { x: origin.x + dx * step, y: origin.y + dy * step };
        if (spot.x < RefBounds.min || spot.y < RefBounds.min || spot.x > RefBounds.max || spot.y > RefBounds.max) continue;
        const distance = dx * dx + dy * dy;
        if (distance < bestDistance && isFree(spot, refs, size, unsized)) {
          best = spot;
          bestDistance = distance;
        }
      }
    }
    if (best) return best;
  }
  return landingSpot(refs, wanted);
};

/**
 * `preventOverlap`: a move onto other refs is retried toward the origin in
 * 10 px steps; null when there is no room on the way (the move is cancelled).
 */
export const nudgeTowardOrigin = (refs: readonly PlacedRef[], wanted: Spot): Spot | null => {
  let spot = clampSpot(wanted);
  for (;;) {
    if (isFree(spot, refs)) return spot;
    if (spot.x <= RefBounds.min && spot.y <= RefBounds.min) return null;
    spot = clampSpot({ x: spot.x - overlapStep, y: spot.y - overlapStep });
  }
};
