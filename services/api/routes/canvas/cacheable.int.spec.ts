import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canvasWorld, placedNote, type CanvasWorld } from '../../../../tests/support/canvas.ts';
import { bearer, buildTestApp, type TestApp } from '../../../../tests/support/testApp.ts';

/**
 * Replies compressed and cacheable (issue 16 §3): the canvas carries an ETag
 * of the read position (per reader), answers 304 while nothing changed and
 * never to one who may not read the view; JSON and the web app's files are
 * compressed with brotli or gzip; built files are kept a year, the page is
 * asked again each time.
 */
describe('compressed and cacheable replies', () => {
  let t: TestApp;
  let w: CanvasWorld;
  let webRoot: string;
  const canvasOf = (token: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/views/${w.welcomeViewId}/canvas`, headers: { ...bearer(token), ...headers } });

  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'buildon-web-'));
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(join(webRoot, 'index.html'), `<!doctype html><title>Buildon</title>${'<!-- padding -->'.repeat(200)}`);
    writeFileSync(join(webRoot, 'assets', 'index-DtXzgG0K.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
    t = await buildTestApp({ webRoot });
    w = await canvasWorld(t);
    for (let i = 0; i < 12; i++) await placedNote(w, w.writer, w.welcomeViewId, 60 * i, 80, `Idée numéro ${i}`);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('tags the canvas with its read position and answers 304 until something changes', async () => {
    const first = await canvasOf(w.writer.token);
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const again = await canvasOf(w.writer.token, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    // A classmate's new note is an event: the tag moves and the whole canvas comes back.
    await placedNote(w, w.writer2, w.welcomeViewId, 400, 300, 'Une autre idée');
    const changed = await canvasOf(w.writer.token, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json<{ refs: { title?: string }[] }>().refs.length).toBe(first.json<{ refs: unknown[] }>().refs.length + 1);
  });

  it('gives each reader a tag of their own: one reader’s tag is a full reply for another', async () => {
    const mine = await canvasOf(w.writer.token);
    const theirs = await canvasOf(w.manager.token, { 'if-none-match': String(mine.headers.etag) });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers.etag).not.toBe(mine.headers.etag);
  });

  it('never answers 304 to one who may not read the view, whatever tag they send', async () => {
    for (const tag of ['*', 'W/"anything"']) {
      const stranger = await canvasOf(w.outsider.token, { 'if-none-match': tag });
      // The same refusal as without a tag: the generic one (« Vous n'avez pas le droit de faire cela. » in French).
      expect(stranger.statusCode).toBe(403);
      expect(stranger.json<{ code?: string }>().code).toBe('forbidden');
    }
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/views/${w.welcomeViewId}/canvas`, headers: { 'if-none-match': '*' } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('compresses JSON with brotli or gzip, as the client accepts, and leaves small replies alone', async () => {
    const plain = await canvasOf(w.writer.token);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await canvasOf(w.writer.token, { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());

    const gzip = await canvasOf(w.writer.token, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());

    const small = await t.app.inject({ method: 'GET', url: '/api/version', headers: { 'accept-encoding': 'br' } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('keeps built files a year and asks for the page again each time', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-DtXzgG0K.js', headers: { 'accept-encoding': 'br' } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBe('br');

    const page = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.rawPayload).toString('utf8')).toContain('<title>Buildon</title>');
    // A client-side route (the not-found handler sends the page as it is: 3 KB, not compressed) is asked again too.
    const deepLink = await t.app.inject({ method: 'GET', url: '/view/abc' });
    expect(deepLink.statusCode).toBe(200);
    expect(deepLink.headers['cache-control']).toBe('no-cache');
    expect(deepLink.body).toContain('<title>Buildon</title>');
  });
});
