import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../../tests/support/testApp.ts';
import { canvasWorld, type CanvasWorld } from '../../../tests/support/canvas.ts';

/**
 * The HTTP security headers (issue 17 §1) on every kind of response: the web
 * app's page and files, API replies, errors (400, 401, 403, 404) and the API
 * documentation; HSTS only when Buildon's public address is https.
 */
type Headers = Record<string, string | string[] | number | undefined>;

const directives = (headers: Headers): Map<string, string[]> =>
  new Map(
    String(headers['content-security-policy'] ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name ?? '', values]),
  );

const expectSecurityHeaders = (headers: Headers, what: string) => {
  const csp = directives(headers);
  expect(csp.get('script-src'), `${what}: script-src`).toEqual(["'self'"]);
  expect(csp.get('default-src'), `${what}: default-src`).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors'), `${what}: frame-ancestors`).toEqual(["'self'"]);
  expect(csp.get('object-src'), `${what}: object-src`).toEqual(["'none'"]);
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['x-frame-options'], what).toBe('SAMEORIGIN');
  expect(headers['referrer-policy'], what).toBe('same-origin');
};

describe('security headers', () => {
  let t: TestApp;
  let w: CanvasWorld;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'buildon-web-'));
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(
      join(webRoot, 'index.html'),
      '<!doctype html><title>Buildon</title><script type="module" src="/assets/index-DtXzgG0K.js"></script>',
    );
    writeFileSync(join(webRoot, 'assets', 'index-DtXzgG0K.js'), 'console.log("buildon");');
    t = await buildTestApp({ webRoot });
    w = await canvasWorld(t);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('carries a policy without inline or evaluated scripts on the page, its files and the SPA routes', async () => {
    for (const url of ['/', '/assets/index-DtXzgG0K.js', `/view/${w.welcomeViewId}`, '/api/docs/']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeLessThan(400);
      expectSecurityHeaders(response.headers, url);
      expect(String(response.headers['content-security-policy'])).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    }
  });

  it('carries them on API replies and on every error', async () => {
    const cases = [
      {
        what: 'a canvas',
        request: { method: 'GET' as const, url: `/api/views/${w.welcomeViewId}/canvas`, headers: bearer(w.writer.token) },
      },
      { what: '401', request: { method: 'GET' as const, url: `/api/views/${w.welcomeViewId}/canvas` } },
      { what: '403', request: { method: 'GET' as const, url: `/api/views/${w.welcomeViewId}/canvas`, headers: bearer(w.outsider.token) } },
      { what: '404', request: { method: 'GET' as const, url: '/api/no-such-route' } },
      { what: '400', request: { method: 'POST' as const, url: '/api/auth/local', payload: { userName: 42 } } },
    ];
    for (const { what, request } of cases) {
      const response = await t.app.inject(request);
      expectSecurityHeaders(response.headers, what);
      expect(response.headers['strict-transport-security'], what).toBeUndefined();
    }
  });

  it('adds HSTS only when the public address is https', async () => {
    const secure = await buildTestApp({ publicUrl: 'https://buildon.ecole.example' });
    try {
      const response = await secure.app.inject({ method: 'GET', url: '/api/auth/providers' });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expectSecurityHeaders(response.headers, 'over https');
    } finally {
      await secure.close();
    }
  });
});
