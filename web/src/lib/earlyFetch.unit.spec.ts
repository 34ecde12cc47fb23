import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendEarly, takeEarly } from './earlyFetch.ts';

/** A request sent before the app's code ran answers its first twin once (issue 16 §2). */
describe('early fetch', () => {
  afterEach(() => vi.unstubAllGlobals());

  const stub = () => {
    const fetch = vi.fn(async () => new Response('{"ok":true}'));
    vi.stubGlobal('fetch', fetch);
    return fetch;
  };
  const get = (authorization: string) => ({ method: 'GET', headers: { accept: 'application/json', authorization } });

  it('hands its answer to the same GET with the same token, once', async () => {
    const fetch = stub();
    sendEarly('/api/views/v1/canvas', 'Bearer a');
    expect(fetch).toHaveBeenCalledTimes(1);
    const answer = takeEarly('/api/views/v1/canvas', get('Bearer a'));
    expect(await (await answer)?.json()).toEqual({ ok: true });
    expect(takeEarly('/api/views/v1/canvas', get('Bearer a'))).toBeNull();
  });

  it('is not used by another path, another token or a write, and is dropped when one is asked', () => {
    stub();
    sendEarly('/api/views/v1/canvas', 'Bearer a');
    expect(takeEarly('/api/views/v2/canvas', get('Bearer a'))).toBeNull();
    sendEarly('/api/views/v1/canvas', 'Bearer a');
    expect(takeEarly('/api/views/v1/canvas', get('Bearer b'))).toBeNull();
    expect(takeEarly('/api/views/v1/canvas', get('Bearer a'))).toBeNull();
    sendEarly('/api/views/v1/canvas', 'Bearer a');
    expect(takeEarly('/api/views/v1/canvas', { ...get('Bearer a'), method: 'POST', body: '{}' })).toBeNull();
  });

  it('keeps one answer per path', async () => {
    stub();
    sendEarly('/api/users/me', 'Bearer a');
    sendEarly('/api/views/v1/canvas', 'Bearer a');
    expect(takeEarly('/api/views/v1/canvas', get('Bearer a'))).not.toBeNull();
    expect(takeEarly('/api/users/me', get('Bearer a'))).not.toBeNull();
    expect(takeEarly('/api/users/me', get('Bearer a'))).toBeNull();
  });

  it('is dropped when stale', () => {
    stub();
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000);
    sendEarly('/api/views/v1/canvas', 'Bearer a');
    now.mockReturnValue(12_000);
    expect(takeEarly('/api/views/v1/canvas', get('Bearer a'))).toBeNull();
    now.mockRestore();
  });
});
