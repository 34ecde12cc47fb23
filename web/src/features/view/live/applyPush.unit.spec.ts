import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ViewCanvasReply } from '../../../../../contracts/api/views.ts';
import type { PushServerMessage } from '../../../../../contracts/push.ts';
import { resourceKeys } from '../../../lib/community.ts';
import { canvasKey } from '../api/canvas.ts';
import { applyPush } from './useViewLive.ts';

const saved = (cause: 'placed' | 'changed' | 'target', title: string) =>
  ({ type: 'ref.saved', viewId: 'v1', cause, ref: { _id: 'r1', to: 'n1', _to: { title } } }) as unknown as PushServerMessage;

/** A client holding the canvas of v1, the note n1, the connections of n2 and the settings of c1. */
const cached = () => {
  const client = new QueryClient();
  client.setQueryData(canvasKey('v1'), { refs: [], links: [] });
  client.setQueryData(resourceKeys.object('n1'), { _id: 'n1', title: 'Les nuages' });
  client.setQueryData(resourceKeys.objectConnections('n2'), [{ other: { _id: 'n1', title: 'Les nuages' } }]);
  client.setQueryData(resourceKeys.communitySettings('c1'), { data: {} });
  const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated === true;
  return { client, stale };
};

describe('applyPush: a pushed change reaches every window of the page (issue 22 §8)', () => {
  it('puts the ref on the canvas and marks the note and every connections list to be read again when the note changed', () => {
    const { client, stale } = cached();
    applyPush(client, 'v1', saved('target', 'Les nuages de pluie'));
    expect(client.getQueryData<ViewCanvasReply>(canvasKey('v1'))?.refs.map((r) => r._to.title)).toEqual(['Les nuages de pluie']);
    expect(stale(resourceKeys.object('n1'))).toBe(true);
    expect(stale(resourceKeys.objectConnections('n2'))).toBe(true);
    expect(stale(resourceKeys.communitySettings('c1'))).toBe(false);
  });

  it('leaves the note alone when only its ref moved', () => {
    const { client, stale } = cached();
    applyPush(client, 'v1', saved('changed', 'Les nuages'));
    expect(stale(resourceKeys.object('n1'))).toBe(false);
    expect(stale(resourceKeys.objectConnections('n2'))).toBe(false);
  });

  it('ignores a change of another view', () => {
    const { client, stale } = cached();
    applyPush(client, 'v2', saved('target', 'Les nuages de pluie'));
    expect(client.getQueryData<ViewCanvasReply>(canvasKey('v1'))?.refs).toEqual([]);
    expect(stale(resourceKeys.object('n1'))).toBe(false);
  });
});
