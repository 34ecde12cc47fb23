import type { ViewCanvasReply } from '../../../../../contracts/api/views.ts';
import type { PushRefSaved } from '../../../../../contracts/push.ts';

/**
 * Classmates' moves, for the canvas's polite live region (issue 25 §3):
 * the live channel tells, the canvas that shows the ref says it. A small
 * channel of its own because the pushed message reaches the query cache,
 * not the canvas.
 */

export type ClassmateMove = { refId: string; title: string; name: string | null };

/**
 * A pushed ref change is a classmate's move when the ref was on this canvas
 * somewhere else and the change is not mine (my own moves are already where
 * they go: the canvas moves them before the server answers).
 */
export const classmateMove = (canvas: ViewCanvasReply | undefined, message: PushRefSaved): ClassmateMove | null => {
  if (message.cause !== 'changed' || !canvas) return null;
  const before = canvas.refs.find((ref) => ref._id === message.ref._id);
  if (!before || (before.data.x === message.ref.data.x && before.data.y === message.ref.data.y)) return null;
  if (message.changedBy?.authorId === canvas.me._id) return null;
  return { refId: message.ref._id, title: message.ref._to.title, name: message.changedBy?.name ?? null };
};

const listeners = new Set<(move: ClassmateMove) => void>();

/** Listens to classmates' moves on any canvas of the page; returns how to stop. */
export const onClassmateMove = (listener: (move: ClassmateMove) => void): (() => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export const tellClassmateMove = (move: ClassmateMove): void => {
  for (const listener of listeners) listener(move);
};

export type MoveSentence =
  | { key: 'canvas.a11y.moved'; name: string; title: string }
  | { key: 'canvas.a11y.movedNoName'; title: string }
  | { key: 'canvas.a11y.movedMany'; name: string; count: number; titles: string }
  | { key: 'canvas.a11y.movedByMany'; count: number; titles: string };

/**
 * One sentence for a batch of moves: "Malik a déplacé « … »", "Malik a
 * déplacé 3 contributions : …", or, moved by several (or someone unnamed),
 * "3 contributions déplacées : …". A ref moved twice in the batch counts once.
 */
export const moveSentence = (batch: readonly ClassmateMove[], untitled: string): MoveSentence | null => {
  const byRef = new Map(batch.map((move) => [move.refId, move]));
  const moves = [...byRef.values()];
  const first = moves[0];
  if (!first) return null;
  const names = new Set(moves.map((move) => move.name));
  const name = names.size === 1 ? first.name : null;
  const title = (move: ClassmateMove) => move.title || untitled;
  if (moves.length === 1) {
    return name ? { key: 'canvas.a11y.moved', name, title: title(first) } : { key: 'canvas.a11y.movedNoName', title: title(first) };
  }
  const titles = moves.map(title).join(', ');
  return name
    ? { key: 'canvas.a11y.movedMany', name, count: moves.length, titles }
    : { key: 'canvas.a11y.movedByMany', count: moves.length, titles };
};
