import { describe, expect, it } from 'vitest';
import { clampPoint, drawingKeyAction, nextIndex, placedBox, type KeyLike } from './keyboard.ts';

/** Issue 25 §4: the drawing editor's keys. */

const key = (name: string, modifiers: Partial<KeyLike> = {}): KeyLike => ({
  key: name,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...modifiers,
});

describe('drawingKeyAction', () => {
  it('digits choose the tools in the rail’s order', () => {
    expect(drawingKeyAction(key('1'), 'pen', false)).toEqual({ kind: 'tool', tool: 'select' });
    expect(drawingKeyAction(key('3'), 'pen', false)).toEqual({ kind: 'tool', tool: 'rectangle' });
    expect(drawingKeyAction(key('6'), 'pen', false)).toEqual({ kind: 'tool', tool: 'text' });
    expect(drawingKeyAction(key('7'), 'pen', false)).toBeNull();
  });

  it('arrows move by 10 px, 50 with Shift, and say which way', () => {
    expect(drawingKeyAction(key('ArrowRight'), 'select', true)).toEqual({ kind: 'move', dx: 10, dy: 0, direction: 'right' });
    expect(drawingKeyAction(key('ArrowUp', { shiftKey: true }), 'rectangle', false)).toEqual({
      kind: 'move',
      dx: 0,
      dy: -50,
      direction: 'up',
    });
  });

  it('Enter places the tool’s shape, writes with the text tool, goes from shape to shape with the select tool', () => {
    expect(drawingKeyAction(key('Enter'), 'rectangle', false)).toEqual({ kind: 'place', shape: 'rectangle' });
    expect(drawingKeyAction(key('Enter'), 'ellipse', true)).toEqual({ kind: 'place', shape: 'ellipse' });
    expect(drawingKeyAction(key('Enter'), 'line', false)).toEqual({ kind: 'place', shape: 'line' });
    expect(drawingKeyAction(key('Enter'), 'text', false)).toEqual({ kind: 'write' });
    expect(drawingKeyAction(key('Enter'), 'select', false)).toEqual({ kind: 'selectNext', by: 1 });
    expect(drawingKeyAction(key('Enter', { shiftKey: true }), 'select', false)).toEqual({ kind: 'selectNext', by: -1 });
    expect(drawingKeyAction(key('Enter'), 'pen', false)).toEqual({ kind: 'penNeedsPointer' });
  });

  it('+ and − resize the selection only; Delete deletes; Escape lets go, and is not ours with nothing selected', () => {
    expect(drawingKeyAction(key('+'), 'select', true)).toEqual({ kind: 'scale', factor: 1.1 });
    expect(drawingKeyAction(key('-'), 'select', true)?.kind).toBe('scale');
    expect(drawingKeyAction(key('+'), 'select', false)).toBeNull();
    expect(drawingKeyAction(key('Delete'), 'select', true)).toEqual({ kind: 'delete' });
    expect(drawingKeyAction(key('Backspace'), 'line', true)).toEqual({ kind: 'delete' });
    expect(drawingKeyAction(key('Escape'), 'select', true)).toEqual({ kind: 'deselect' });
    expect(drawingKeyAction(key('Escape'), 'select', false)).toBeNull();
  });

  it('undo and redo with Ctrl (or Cmd); other shortcuts and Tab stay the browser’s', () => {
    expect(drawingKeyAction(key('z', { ctrlKey: true }), 'pen', false)).toEqual({ kind: 'undo' });
    expect(drawingKeyAction(key('Z', { ctrlKey: true, shiftKey: true }), 'pen', false)).toEqual({ kind: 'redo' });
    expect(drawingKeyAction(key('y', { metaKey: true }), 'pen', false)).toEqual({ kind: 'redo' });
    expect(drawingKeyAction(key('c', { ctrlKey: true }), 'select', true)).toBeNull();
    expect(drawingKeyAction(key('Tab'), 'select', true)).toBeNull();
    expect(drawingKeyAction(key('ArrowLeft', { altKey: true }), 'select', true)).toBeNull();
  });
});

describe('placing from the keyboard', () => {
  const canvas = { width: 200, height: 200 };

  it('keeps the cursor on the canvas', () => {
    expect(clampPoint({ x: -10, y: 250 }, canvas)).toEqual({ x: 0, y: 200 });
    expect(clampPoint({ x: 50, y: 60 }, canvas)).toEqual({ x: 50, y: 60 });
  });

  it('centres an 80×60 shape on the cursor, inside the canvas; a line is 80 wide', () => {
    expect(placedBox('rectangle', { x: 100, y: 100 }, canvas)).toEqual({ left: 60, top: 70, width: 80, height: 60 });
    expect(placedBox('ellipse', { x: 190, y: 5 }, canvas)).toEqual({ left: 120, top: 0, width: 80, height: 60 });
    expect(placedBox('line', { x: 100, y: 30 }, canvas)).toEqual({ left: 60, top: 30, width: 80, height: 0 });
    expect(placedBox('rectangle', { x: 20, y: 20 }, { width: 50, height: 40 })).toEqual({ left: 0, top: 0, width: 50, height: 40 });
  });

  it('goes round the shapes', () => {
    expect(nextIndex(-1, 3, 1)).toBe(0);
    expect(nextIndex(-1, 3, -1)).toBe(2);
    expect(nextIndex(2, 3, 1)).toBe(0);
    expect(nextIndex(0, 3, -1)).toBe(2);
    expect(nextIndex(0, 0, 1)).toBe(-1);
  });
});
