/** The drawing editor's tools (scene.ts draws with them; the digit keys choose them). */
export type Tool = 'select' | 'pen' | 'rectangle' | 'ellipse' | 'line' | 'text';

/**
 * The drawing editor with the keyboard only (issue 25 §4). The canvas is one
 * Tab stop with a keyboard cursor (a cross, where new shapes and texts go).
 * Pure rules, unit-tested; DrawingEdit.tsx applies them to the scene.
 *
 * | Key                  | What it does                                                             |
 * | -------------------- | ------------------------------------------------------------------------ |
 * | 1 … 6                | Tool: select, pen, rectangle, ellipse, line, text (the rail's order)     |
 * | Arrows (Shift: ×5)   | Move the selected shape by 10 px (50), else the cursor                   |
 * | Enter                | Shape tool: place that shape at the cursor; text tool: write there;      |
 * |                      | select tool: select the next shape (Shift+Enter: the previous one)       |
 * | + / −                | Make the selected shape bigger / smaller                                 |
 * | Delete, Backspace    | Delete the selected shape                                                |
 * | Escape               | Let go of the selection (then it goes on to close the window)            |
 * | Ctrl+Z, Ctrl+Y       | Undo, redo                                                               |
 */

/** The tools in the rail's order: the digit keys 1 … 6 choose them. */
export const toolOrder: readonly Tool[] = ['select', 'pen', 'rectangle', 'ellipse', 'line', 'text'];

/** Shapes placed with Enter. */
export type ShapeKind = 'rectangle' | 'ellipse' | 'line';

export const isShapeTool = (tool: Tool): tool is ShapeKind => tool === 'rectangle' || tool === 'ellipse' || tool === 'line';

/** One arrow press moves this far (CSS px); with Shift, `bigStep`. */
export const step = 10;
export const bigStep = 50;

/** How much + and − scale the selection. */
export const growFactor = 1.1;

export type Direction = 'left' | 'right' | 'up' | 'down';

export type DrawKeyAction =
  | { kind: 'tool'; tool: Tool }
  | { kind: 'move'; dx: number; dy: number; direction: Direction }
  | { kind: 'place'; shape: ShapeKind }
  | { kind: 'write' }
  | { kind: 'penNeedsPointer' }
  | { kind: 'selectNext'; by: 1 | -1 }
  | { kind: 'scale'; factor: number }
  | { kind: 'delete' }
  | { kind: 'deselect' }
  | { kind: 'undo' }
  | { kind: 'redo' };

export type KeyLike = { key: string; shiftKey: boolean; ctrlKey: boolean; metaKey: boolean; altKey: boolean };

const arrows: Record<string, { x: number; y: number; direction: Direction }> = {
  ArrowLeft: { x: -1, y: 0, direction: 'left' },
  ArrowRight: { x: 1, y: 0, direction: 'right' },
  ArrowUp: { x: 0, y: -1, direction: 'up' },
  ArrowDown: { x: 0, y: 1, direction: 'down' },
};

/**
 * What a key pressed on the canvas does, given the tool and whether a shape
 * is selected; null: not the canvas's key (Tab leaves it, the browser keeps
 * its shortcuts). Escape with nothing selected is not ours either.
 */
export const drawingKeyAction = (event: KeyLike, tool: Tool, hasSelection: boolean): DrawKeyAction | null => {
  const command = event.ctrlKey || event.metaKey;
  if (command && !event.altKey) {
    const key = event.key.toLowerCase();
    if (key === 'z') return event.shiftKey ? { kind: 'redo' } : { kind: 'undo' };
    if (key === 'y') return { kind: 'redo' };
    return null;
  }
  if (event.altKey) return null;
  const arrow = arrows[event.key];
  if (arrow) {
    const by = event.shiftKey ? bigStep : step;
    return { kind: 'move', dx: arrow.x * by, dy: arrow.y * by, direction: arrow.direction };
  }
  if (/^[1-6]$/.test(event.key)) return { kind: 'tool', tool: toolOrder[Number(event.key) - 1] as Tool };
  switch (event.key) {
    case 'Enter':
      if (tool === 'select') return { kind: 'selectNext', by: event.shiftKey ? -1 : 1 };
      if (isShapeTool(tool)) return { kind: 'place', shape: tool };
      if (tool === 'text') return { kind: 'write' };
      return { kind: 'penNeedsPointer' };
    case '+':
    case '=':
      return hasSelection ? { kind: 'scale', factor: growFactor } : null;
    case '-':
    case '_':
      return hasSelection ? { kind: 'scale', factor: 1 / growFactor } : null;
    case 'Delete':
    case 'Backspace':
      return { kind: 'delete' };
    case 'Escape':
      return hasSelection ? { kind: 'deselect' } : null;
    default:
      return null;
  }
};

/** A point kept on a canvas of this size (the keyboard cursor, a shape's centre). */
export const clampPoint = (point: { x: number; y: number }, size: { width: number; height: number }) => ({
  x: Math.min(Math.max(0, point.x), size.width),
  y: Math.min(Math.max(0, point.y), size.height),
});

/** The box of a shape placed with Enter around `centre`, kept inside the canvas where it fits (80×60, a line 80 wide). */
export const placedBox = (shape: ShapeKind, centre: { x: number; y: number }, size: { width: number; height: number }) => {
  const width = Math.min(80, size.width);
  const height = shape === 'line' ? 0 : Math.min(60, size.height);
  const left = Math.min(Math.max(0, centre.x - width / 2), size.width - width);
  const top = Math.min(Math.max(0, centre.y - height / 2), size.height - height);
  return { left, top, width, height };
};

/** The index selected after `current` (-1: none) among `count` shapes, going round. */
export const nextIndex = (current: number, count: number, by: 1 | -1): number => {
  if (count === 0) return -1;
  if (current < 0 || current >= count) return by > 0 ? 0 : count - 1;
  return (current + by + count) % count;
};
