import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ViewCanvasReply } from '../../../../../contracts/api/views.ts';
import type { PushRefSaved } from '../../../../../contracts/push.ts';
import { canvasKey } from '../api/canvas.ts';
import { ref } from '../canvas/testRefs.ts';
import { classmateMove, moveSentence, onClassmateMove, type ClassmateMove } from './classmateMoves.ts';
import { applyPush } from './useViewLive.ts';

const me = 'a'.repeat(24);
const malik = { authorId: 'b'.repeat(24), name: 'Malik Benali' };
const graine = ref(1, { title: 'La graine', x: 100, y: 100 });
const canvas = { me: { _id: me }, refs: [graine], links: [] } as unknown as ViewCanvasReply;
const moved = (
  x: number,
  y: number,
  changedBy: PushRefSaved['changedBy'] | null = malik,
  cause: PushRefSaved['cause'] = 'changed',
): PushRefSaved => ({
  type: 'ref.saved',
  viewId: graine.viewId,
  cause,
  ref: { ...graine, data: { ...graine.data, x, y } },
  ...(changedBy ? { changedBy } : {}),
});

describe("a classmate's move (issue 25 §3)", () => {
  it('is a ref of this canvas put somewhere else by someone else', () => {
    expect(classmateMove(canvas, moved(300, 100))).toEqual({ refId: graine._id, title: 'La graine', name: 'Malik Benali' });
    // Without a name (not a member of the community): still said, without one.
    expect(classmateMove(canvas, moved(300, 100, null))?.name).toBeNull();
  });

  it('is not my own move, a change that leaves the ref in place, a new ref or another cause', () => {
    expect(classmateMove(canvas, moved(300, 100, { authorId: me, name: 'Inès' }))).toBeNull();
    expect(classmateMove(canvas, moved(100, 100))).toBeNull();
    expect(classmateMove({ ...canvas, refs: [] }, moved(300, 100))).toBeNull();
    expect(classmateMove(canvas, moved(300, 100, malik, 'target'))).toBeNull();
    expect(classmateMove(undefined, moved(300, 100))).toBeNull();
  });

  it('is told by the live channel before the cache moves the ref', () => {
    const client = new QueryClient();
    client.setQueryData(canvasKey(graine.viewId), canvas);
    const heard: ClassmateMove[] = [];
    const stop = onClassmateMove((move) => heard.push(move));
    applyPush(client, graine.viewId, moved(300, 140));
    applyPush(client, graine.viewId, moved(300, 140));
    stop();
    applyPush(client, graine.viewId, moved(500, 140));
    expect(heard).toEqual([{ refId: graine._id, title: 'La graine', name: 'Malik Benali' }]);
    expect(client.getQueryData<ViewCanvasReply>(canvasKey(graine.viewId))?.refs[0]?.data).toMatchObject({ x: 500, y: 140 });
  });
});

describe('the sentence for a batch of moves', () => {
  const move = (n: number, name: string | null = 'Malik') => ({ refId: `r${n}`, title: n === 0 ? '' : `Note ${n}`, name });

  it('names the classmate and the note', () => {
    expect(moveSentence([move(1)], '(sans titre)')).toEqual({ key: 'canvas.a11y.moved', name: 'Malik', title: 'Note 1' });
    expect(moveSentence([move(0)], '(sans titre)')).toMatchObject({ title: '(sans titre)' });
    expect(moveSentence([move(1, null)], '')).toEqual({ key: 'canvas.a11y.movedNoName', title: 'Note 1' });
  });

  it('counts a note moved twice once, and sums up several notes by one classmate or by several', () => {
    expect(moveSentence([move(1), move(1)], '')).toMatchObject({ key: 'canvas.a11y.moved' });
    expect(moveSentence([move(1), move(2)], '')).toEqual({
      key: 'canvas.a11y.movedMany',
      name: 'Malik',
      count: 2,
      titles: 'Note 1, Note 2',
    });
    expect(moveSentence([move(1), move(2, 'Léa')], '')).toEqual({ key: 'canvas.a11y.movedByMany', count: 2, titles: 'Note 1, Note 2' });
    expect(moveSentence([], '')).toBeNull();
  });
});
