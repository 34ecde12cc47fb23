import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/testApp.ts';
import { chromiumPath, describeBrowser } from './harness.ts';

/**
 * CORS for KF6 clients served elsewhere (issue 15 §4), as a browser enforces it:
 * the API on one origin, a KF6-style client page on a second origin that
 * BUILDON_CORS_ORIGINS lists (passed as `corsOrigins`), and a third origin that
 * it does not list. The listed page calls the API with a bearer token (a
 * preflighted request); Chromium refuses the unlisted page's call.
 */

/** A tiny static server: one HTML page (a stand-in for a KF6 client's index.html). */
const staticSite = async (title: string): Promise<{ server: Server; origin: string }> => {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="fr"><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
};

describeBrowser('CORS through a browser: a client page on another origin', () => {
  let t: TestApp;
  let api = '';
  let listed: { server: Server; origin: string };
  let unlisted: { server: Server; origin: string };
  let browser: Browser;
  let token = '';
  const preflights: { origin: string; status: number }[] = [];

  beforeAll(async () => {
    [listed, unlisted] = await Promise.all([staticSite('Client KF6'), staticSite('Autre site')]);
    t = await buildTestApp({ corsOrigins: [listed.origin] });
    t.app.addHook('onResponse', async (request, reply) => {
      if (request.method === 'OPTIONS') preflights.push({ origin: String(request.headers.origin), status: reply.statusCode });
    });
    // The API on `localhost`: another host than both pages (127.0.0.1), so every call is cross-origin.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    api = `http://localhost:${(t.app.server.address() as AddressInfo).port}`;
    token = (await t.register(`corsuser${process.pid}`)).token;
    browser = await chromium.launch({ executablePath: chromiumPath, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await Promise.all([listed, unlisted].map((site) => site && new Promise((resolve) => site.server.close(resolve))));
  });

  /** From a page of `origin`: GET /api/users/me with the bearer token, as a KF6 client's $http does. */
  const callFrom = async (origin: string) => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${origin}/`);
    return page.evaluate(
      async ({ url, bearer }) => {
        try {
          const response = await fetch(url, { headers: { authorization: `Bearer ${bearer}`, accept: 'application/json' } });
          return { status: response.status, body: (await response.json()) as { userName?: string } };
        } catch (error) {
          return { error: String(error) };
        }
      },
      { url: `${api}/api/users/me`, bearer: token },
    );
  };

  it('the listed origin calls the API with its bearer token (preflight answered 204)', async () => {
    const result = await callFrom(listed.origin);
    expect(result).toMatchObject({ status: 200, body: { userName: `corsuser${process.pid}` } });
    expect(preflights).toContainEqual({ origin: listed.origin, status: 204 });
  });

  it('an origin not listed is refused by the browser: the preflight gets no CORS header, the call never happens', async () => {
    const before = preflights.length;
    const result = await callFrom(unlisted.origin);
    expect('error' in result ? result.error : result).toContain('Failed to fetch');
    expect(preflights.slice(before)).toContainEqual({ origin: unlisted.origin, status: 403 });
  });
});
