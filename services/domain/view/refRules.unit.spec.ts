import { describe, expect, it } from 'vitest';
import { CanvasMessages } from '../../../contracts/catalogs/canvas.ts';
import { CanvasServiceMessages } from '../../../contracts/catalogs/canvasService.ts';
import { checkRefChange, checkRefDelete, type RefActor } from './refRules.ts';

const writer: RefActor = { isManager: false, editable: true, isViewAuthor: false, isTargetAuthor: false, freemode: false };
const author: RefActor = { ...writer, isTargetAuthor: true };
const manager: RefActor = { ...writer, isManager: true };
const viewAuthor: RefActor = { ...writer, isViewAuthor: true, isTargetAuthor: true };
const reader: RefActor = { ...writer, editable: false };

const refused = (fn: () => void, message: string) => expect(fn).toThrowError(message);

describe('checkRefChange', () => {
  it('refuses every change in a view the actor cannot edit', () => {
    refused(() => checkRefChange(reader, { x: 10, y: 10 }, { x: 20 }), CanvasMessages.cannotEditView);
  });

  it('lets any editor move, resize and show in place a free ref', () => {
    expect(() => checkRefChange(writer, { x: 10, y: 10 }, { x: 20, y: 30, width: 100, showInPlace: true })).not.toThrow();
  });

  it('refuses moving a fixed, locked or pinned ref', () => {
    refused(() => checkRefChange(manager, { x: 10, y: 10, fixed: true }, { x: 20 }), CanvasServiceMessages.fixedInPlace);
    refused(() => checkRefChange(manager, { x: 10, y: 10, fixed: true, locked: true }, { y: 20 }), CanvasServiceMessages.fixedInPlace);
    refused(() => checkRefChange(writer, { x: 10, y: 10, draggable: false }, { x: 20 }), CanvasServiceMessages.fixedInPlace);
  });

  it('allows unpinning and moving in one change', () => {
    expect(() => checkRefChange(writer, { x: 10, y: 10, draggable: false }, { x: 20, draggable: true })).not.toThrow();
  });

  it('lets the target author or a manager fix and unfix; others are refused', () => {
    expect(() => checkRefChange(author, { x: 1, y: 1 }, { fixed: true, draggable: false })).not.toThrow();
    expect(() => checkRefChange(manager, { x: 1, y: 1, fixed: true }, { fixed: false })).not.toThrow();
    refused(() => checkRefChange(writer, { x: 1, y: 1 }, { fixed: true }), CanvasMessages.cannotFix);
    refused(() => checkRefChange(writer, { x: 1, y: 1, fixed: true }, { fixed: false }), CanvasMessages.cannotFix);
  });

  it('needs lock control (manager or view author) and fix rights to hard lock', () => {
    expect(() => checkRefChange(viewAuthor, { x: 1, y: 1 }, { fixed: true, locked: true })).not.toThrow();
    expect(() => checkRefChange(manager, { x: 1, y: 1 }, { fixed: true, locked: true })).not.toThrow();
    refused(() => checkRefChange(author, { x: 1, y: 1 }, { fixed: true, locked: true }), CanvasMessages.cannotLock);
    refused(() => checkRefChange({ ...writer, isViewAuthor: true }, { x: 1, y: 1 }, { locked: true }), CanvasMessages.cannotFix);
  });

  it('lets only lock controllers unlock or otherwise touch a hard-locked ref', () => {
    const locked = { x: 1, y: 1, fixed: true, locked: true };
    refused(() => checkRefChange(author, locked, { locked: false, fixed: false }), CanvasMessages.cannotLock);
    refused(() => checkRefChange(author, locked, { showInPlace: true }), CanvasMessages.cannotLock);
    expect(() => checkRefChange(viewAuthor, locked, { locked: false, fixed: false })).not.toThrow();
    expect(() => checkRefChange({ ...writer, isViewAuthor: true }, locked, { locked: false, fixed: false })).not.toThrow();
    expect(() => checkRefChange(manager, locked, { locked: false, fixed: false, x: 50 })).not.toThrow();
  });

  it('ignores fields given with their current value', () => {
    expect(() => checkRefChange(writer, { x: 1, y: 1, fixed: true }, { fixed: true, x: 1 })).not.toThrow();
  });
});

describe('checkRefDelete', () => {
  it('lets managers delete any ref, authors their own, everyone in freemode', () => {
    expect(() => checkRefDelete(manager, { x: 1, y: 1 })).not.toThrow();
    expect(() => checkRefDelete(author, { x: 1, y: 1 })).not.toThrow();
    expect(() => checkRefDelete({ ...writer, freemode: true }, { x: 1, y: 1 })).not.toThrow();
    refused(() => checkRefDelete(writer, { x: 1, y: 1 }), CanvasServiceMessages.notYourObject);
  });

  it('refuses in a read-only view and on hard-locked refs without lock control', () => {
    refused(() => checkRefDelete({ ...manager, editable: false }, { x: 1, y: 1 }), CanvasMessages.cannotEditView);
    refused(() => checkRefDelete(author, { x: 1, y: 1, locked: true }), CanvasMessages.cannotLock);
  });
});
