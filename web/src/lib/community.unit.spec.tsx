// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isConnectionsKey, resourceKeys, useCommunityScaffolds, useCommunitySettings, useMyAuthor } from './community.ts';
import { usePersonNames } from './personNames.ts';

/** The server: answers by path and counts the requests to each. */
const stubServer = (answers: Record<string, unknown>) => {
  const requests: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      requests.push(path);
      return path in answers
        ? new Response(JSON.stringify(answers[path]), { status: 200, headers: { 'content-type': 'application/json' } })
        : new Response('{"message":"Not Found"}', { status: 404 });
    }),
  );
  return requests;
};

const withClient = () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return { client, wrapper };
};

const settings = { data: { flipname: true, hideUserNameInAuthorSelector: false, plugins: {} }, scaffoldIds: [] };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('one query hook per community resource (issue 22 §10)', () => {
  it('reads the community settings once for the names, the contribution window and the settings page', async () => {
    const requests = stubServer({ '/api/communities/c1/settings': settings });
    const { client, wrapper } = withClient();
    // usePersonNames (lib), the contribution window and the settings page all read the settings of c1.
    const names = renderHook(() => usePersonNames('c1'), { wrapper });
    const pane = renderHook(() => useCommunitySettings('c1'), { wrapper });
    const page = renderHook(() => useCommunitySettings('c1'), { wrapper });
    await waitFor(() => expect(page.result.current.data).toEqual(settings));
    expect(pane.result.current.data).toBe(page.result.current.data);
    await waitFor(() => expect(names.result.current.name({ firstName: 'Zoé', lastName: 'Martin', userName: 'zm' })).toBe('Martin Zoé'));
    expect(requests).toEqual(['/api/communities/c1/settings']);
    expect(client.getQueryData(resourceKeys.communitySettings('c1'))).toEqual(settings);
  });

  it('asks nothing without a community or while disabled', () => {
    const requests = stubServer({});
    const { wrapper } = withClient();
    renderHook(() => useCommunitySettings(undefined), { wrapper });
    renderHook(() => useCommunityScaffolds('c1', false), { wrapper });
    expect(requests).toEqual([]);
  });

  it('takes a 404 on my membership as final (not a member): one request, no retry', async () => {
    const requests = stubServer({});
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const me = renderHook(() => useMyAuthor('c1'), { wrapper });
    await waitFor(() => expect(me.result.current.isError).toBe(true));
    expect(requests).toEqual(['/api/authors/c1/me']);
  });

  it('keeps a contribution’s sub-resources under its key, so a change to it reaches them', () => {
    expect(resourceKeys.objectConnections('n1').slice(0, 2)).toEqual([...resourceKeys.object('n1')]);
    expect(isConnectionsKey(resourceKeys.objectConnections('n1'))).toBe(true);
    expect(isConnectionsKey(resourceKeys.object('n1'))).toBe(false);
    expect(isConnectionsKey(resourceKeys.communitySettings('c1'))).toBe(false);
  });
});
