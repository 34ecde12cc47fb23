import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ViewCanvasReply } from '../../../../../contracts/api/views.ts';
import type { PushServerMessage } from '../../../../../contracts/push.ts';
import { canvasKey } from '../api/canvas.ts';
import { CanvasCatchUp } from './catchUp.ts';

const viewId = 'v1';
/** A canvas as the server answers it: just what these tests look at. */
const canvasAt = (position: number, titles: string[]): ViewCanvasReply =>
  ({ position, refs: titles.map((title) => ({ _id: title, title })) }) as unknown as ViewCanvasReply;
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
const titles = (client: QueryClient) => client.getQueryData<ViewCanvasReply>(canvasKey(viewId))?.refs.map((r) => r._id) ?? [];
const placed = (title: string, position: number) =>
  ({ type: 'ref.saved', viewId, cause: 'placed', ref: { _id: title }, position }) as unknown as PushServerMessage;

/** A query client whose canvas query (watched, as the view page watches it) answers `answers` in turn, counting requests. */
const setup = (answers: ViewCanvasReply[]) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  let requests = 0;
  const observer = new QueryObserver(client, {
    queryKey: canvasKey(viewId),
    queryFn: () => Promise.resolve(answers[Math.min(requests++, answers.length - 1)] as ViewCanvasReply),
  });
  /** The page opens: its first canvas request. */
  const load = async () => {
    observer.subscribe(() => undefined);
    await settle();
  };
  const apply = (message: PushServerMessage) =>
    client.setQueryData<ViewCanvasReply>(canvasKey(viewId), (c) =>
      c && message.type === 'ref.saved' ? { ...c, refs: [...c.refs.filter((r) => r._id !== message.ref._id), message.ref] } : c,
    );
  const catchUp = new CanvasCatchUp(client, viewId, apply);
  const unfollow = catchUp.follow();
  return { client, catchUp, load, requests: () => requests, unfollow };
};

describe('CanvasCatchUp', () => {
  it('makes no second request when the canvas was read at or after the subscription point', async () => {
    const { client, catchUp, load, requests } = setup([canvasAt(10, ['a'])]);
    await load();
    catchUp.subscribed(10);
    await settle();
    expect(requests()).toBe(1);
    expect(titles(client)).toEqual(['a']);
  });

  it('reads the canvas again when it was read before the subscription point (a change in between)', async () => {
    const { client, catchUp, load, requests } = setup([canvasAt(9, ['a']), canvasAt(12, ['a', 'b'])]);
    await load();
    catchUp.subscribed(11);
    await settle();
    expect(requests()).toBe(2);
    expect(titles(client)).toEqual(['a', 'b']);
  });

  it('checks a canvas that answers after the subscription', async () => {
    const { client, catchUp, load, requests } = setup([canvasAt(9, ['a']), canvasAt(12, ['a', 'b'])]);
    catchUp.subscribed(11);
    await load();
    await settle();
    expect(requests()).toBe(2);
    expect(titles(client)).toEqual(['a', 'b']);
  });

  it('applies again over an answer the changes pushed after its position, never those it already shows', async () => {
    const { client, catchUp, load } = setup([canvasAt(20, ['a']), canvasAt(21, ['a', 'b'])]);
    catchUp.subscribed(20);
    // Pushed while the request is on its way: nothing cached yet to patch.
    catchUp.change(placed('b', 21));
    catchUp.change(placed('c', 22));
    await load();
    await settle();
    expect(titles(client).sort()).toEqual(['a', 'b', 'c']);
    // The next answer (read at 21) still gets 'c' back, and 'b' is not doubled.
    await client.refetchQueries({ queryKey: canvasKey(viewId) });
    await settle();
    expect(titles(client).sort()).toEqual(['a', 'b', 'c']);
  });

  it('reads again after a reconnection only if something may have been missed', async () => {
    const { catchUp, load, requests } = setup([canvasAt(30, ['a']), canvasAt(35, ['a'])]);
    await load();
    catchUp.subscribed(30);
    catchUp.subscribed(30);
    await settle();
    expect(requests()).toBe(1);
    catchUp.subscribed(34);
    await settle();
    expect(requests()).toBe(2);
  });

  it('stops following the cache once unfollowed', async () => {
    const { catchUp, load, requests, unfollow } = setup([canvasAt(1, ['a']), canvasAt(9, ['a'])]);
    catchUp.subscribed(5);
    unfollow();
    await load();
    await settle();
    expect(requests()).toBe(1);
  });
});
