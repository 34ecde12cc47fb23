// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/index.ts';
import { FreshnessStamp } from './FreshnessStamp.tsx';

const asOf = { position: 42, time: '2026-11-27T09:30:00.000Z', computedAt: '2026-11-27T09:30:05.000Z' };

/** The server: answers by method and path, and records the requests. */
const stubServer = (answers: Record<string, unknown[]>) => {
  const requests: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${path}`;
      requests.push(key);
      const queue = answers[key];
      const body = queue && queue.length > 1 ? queue.shift() : queue?.[0];
      return body === undefined
        ? new Response('{"message":"Not Found"}', { status: 404, headers: { 'content-type': 'application/json' } })
        : new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return requests;
};

const renderStamp = (ui: ReactNode) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const invalidated = vi.spyOn(client, 'invalidateQueries');
  render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
  return { invalidated };
};

beforeAll(async () => {
  const i18n = await initI18n();
  await i18n.changeLanguage('fr');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('FreshnessStamp (issue 12: "à jour au …")', () => {
  it('shows the time of the last event covered, in French, and no button for a writer', () => {
    stubServer({});
    renderStamp(<FreshnessStamp communityId="c1" asOf={asOf} stale={false} canRefresh={false} />);
    const stamp = screen.getByTestId('analytics-freshness');
    expect(stamp.textContent).toMatch(/^À jour au 27 novembre 2026/);
    expect(stamp.querySelector('time')?.getAttribute('dateTime')).toBe(asOf.time);
    expect(screen.queryByTestId('analytics-refresh')).toBeNull();
  });

  it('says when newer changes are on their way', () => {
    stubServer({});
    renderStamp(<FreshnessStamp communityId="c1" asOf={asOf} stale canRefresh={false} />);
    expect(screen.getByTestId('analytics-freshness').textContent).toContain('des changements plus récents');
  });

  it("lets a manager run the community's job, waits for it, then reloads the analytics", async () => {
    const requests = stubServer({
      'POST /api/analytics/c1/refresh': [{ jobId: 'analytics.aggregate.refresh-c1-1' }],
      'GET /api/analytics/c1/jobs/analytics.aggregate.refresh-c1-1': [
        { id: 'j', state: 'active', progress: 0, attemptsMade: 0 },
        { id: 'j', state: 'completed', progress: 100, attemptsMade: 1, asOf: { ...asOf, position: 50 } },
      ],
    });
    const { invalidated } = renderStamp(<FreshnessStamp communityId="c1" asOf={asOf} canRefresh />);
    fireEvent.click(screen.getByRole('button', { name: 'Mettre à jour' }));
    await waitFor(() => expect(screen.getByTestId('analytics-freshness').textContent).toContain('Les analyses sont à jour.'), {
      timeout: 5_000,
    });
    expect(requests).toEqual([
      'POST /api/analytics/c1/refresh',
      'GET /api/analytics/c1/jobs/analytics.aggregate.refresh-c1-1',
      'GET /api/analytics/c1/jobs/analytics.aggregate.refresh-c1-1',
    ]);
    expect(invalidated).toHaveBeenCalledWith({ queryKey: ['analytics', 'c1'] });
  });

  it('shows nothing before the first answer', () => {
    stubServer({});
    renderStamp(<FreshnessStamp communityId="c1" canRefresh />);
    expect(screen.queryByTestId('analytics-freshness')).toBeNull();
  });
});
