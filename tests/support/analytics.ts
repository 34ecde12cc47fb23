import { expect } from 'vitest';
import { auth, textDoc, type Member } from './objects.ts';
import type { TestApp } from './testApp.ts';

type Method = 'GET' | 'POST' | 'PUT';

/**
 * What the analytics specs do to a class through the real API: requests,
 * requests that must succeed, a note written and contributed in a view, a
 * read. `world` is read at each call (the specs set their app and class up in
 * `beforeAll`).
 */
export const analyticsClassActions = (world: () => { t: TestApp; communityId: string; viewId: string }) => {
  const call = (who: { token: string } | null, method: Method, url: string, payload?: object) =>
    world().t.app.inject({ method, url, headers: who ? auth(who.token) : {}, ...(payload ? { payload } : {}) });

  const must = async (who: { token: string }, method: Method, url: string, payload?: object) => {
    const response = await call(who, method, url, payload);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response;
  };

  /** A note written and contributed by `who` in the view (building on `buildsOn`), at the clock's time. */
  const write = async (who: Member, title: string, buildsOn?: string): Promise<string> => {
    const { communityId, viewId } = world();
    const created = await must(who, 'POST', `/api/contributions/${communityId}`, {
      type: 'Note',
      title,
      placement: { viewId, x: 100, y: 100 },
      ...(buildsOn ? { buildsOn } : {}),
    });
    const id = created.json<{ contribution: { _id: string } }>().contribution._id;
    const loaded = (await must(who, 'GET', `/api/objects/${id}`)).json<{ revision: number }>();
    await must(who, 'PUT', `/api/objects/${communityId}/${id}`, { revision: loaded.revision, title, body: textDoc(title) });
    return id;
  };

  const read = (who: Member, id: string) => must(who, 'POST', `/api/records/read/${world().communityId}/${id}`);

  return { call, must, write, read };
};
