import { RefBounds } from '../../../contracts/api/canvas.ts';

/** Placement geometry of refs (fact sheet §10.2). Pure. */

/** The spacing box of a new element (spec part 2 §9). */
export const refBox = { width: 80, height: 40 } as const;
/** Default note coordinates. */
export const defaultPosition = { x: 100, y: 100 } as const;
/** Build-on and rise-above offset from the parent / the selection's corner. */
export const besideOffset = 50;
/** Items moved into a rise-above keep their relative positions from this corner. */
export const innerOffset = 20;
const canvasSize = 2000;
const overlapStep = 10;

export type Spot = { x: number; y: number };
/** A ref as placement sees it; fixed refs are ignored by free-space search. */
export type PlacedRef = { x: number; y: number; fixed?: boolean };

/** Clamps a coordinate to 2…1950; anything that is not a finite number becomes `fallback`. */
export const clampCoordinate = (value: unknown, fallback: number = defaultPosition.x): number => {
  const n = typeof value === 'number' && Number.isFinite(value) ? value : fallback;
  return Math.min(RefBounds.max, Math.max(RefBounds.min, Math.round(n)));
};

export const clampSpot = (spot: Spot): Spot => ({ x: clampCoordinate(spot.x), y: clampCoordinate(spot.y) });

/** Whether a ref at `spot` would overlap `other` (their 80×40 boxes intersect). */
const overlaps = (spot: Spot, other: PlacedRef): boolean =>
  Math.abs(other.x - spot.x) < refBox.width && Math.abs(other.y - spot.y) < refBox.height;

const isFree = (spot: Spot, refs: readonly PlacedRef[]): boolean => refs.every((ref) => ref.fixed === true || !overlaps(spot, ref));

/**
 * A free spot from `start`: scan down in 40 px steps, then the next column
 * (80 px to the right) from the top, over a 2000×2000 canvas; fixed refs are
 * ignored. Falls back to `start` when the canvas is full.
 */
export const findFreeSpot = (refs: readonly PlacedRef[], start: Spot): Spot => {
  const origin = clampSpot(start);
  for (let x = origin.x; x <= canvasSize - refBox.width; x += refBox.width) {
    for (let y = x === origin.x ? origin.y : RefBounds.min + 8; y <= canvasSize - refBox.height; y += refBox.height) {
      const spot = clampSpot({ x, y });
      if (isFree(spot, refs)) return spot;
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
 * side instead of on one pile. Falls back to `landingSpot` on a full canvas.
 */
export const nearestFreeSpot = (refs: readonly PlacedRef[], wanted: Spot): Spot => {
  const origin = clampSpot(wanted);
  if (isFree(origin, refs)) return origin;
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
        if (distance < bestDistance && isFree(spot, refs)) {
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
