// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LogoutPage } from '../features/auth/components/LogoutPage.tsx';
import { uploadCsv } from '../features/authors/api/authors.ts';
import { saveObject } from '../features/contribution/api/objects.ts';
import { uploadFile } from '../features/contribution/api/upload.ts';
import { initI18n } from '../i18n/index.ts';
import { ApiError, setUnauthorizedHandler } from './api.ts';
import { tokenStore } from './tokenStore.ts';

/**
 * Issue 22 §5: every write of the web client carries an `Idempotency-Key`,
 * one per user action, so the server runs a retried write once. These are the
 * writes that do not go through `api.request` by its usual JSON path: the note
 * and drawing save (a 409 carries the other version), the attachment upload
 * (XMLHttpRequest, for its progress), the CSV uploads (multipart) and the logout.
 */

type Call = { path: string; method: string; headers: Record<string, string>; body: unknown };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A server answering every request with `answer`, recording what was sent. */
const stubFetch = (answer: () => Response) => {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      calls.push({
        path,
        method: init.method ?? 'GET',
        headers: { ...(init.headers as Record<string, string>) },
        body: init.body,
      });
      return answer();
    }),
  );
  return calls;
};

const keyOf = (call: Call | undefined) => call?.headers['idempotency-key'];

beforeAll(async () => void (await initI18n()));
beforeEach(() => tokenStore.set('session-token'));
afterEach(() => {
  vi.unstubAllGlobals();
  tokenStore.set(null);
});

const stored = { _id: 'n'.repeat(24), title: 'Eau', revision: 4 };
const saveBody = { revision: 3, title: 'Eau', body: { type: 'doc', content: [] }, keywords: '' };

describe('the note and drawing save', () => {
  it('sends a fresh Idempotency-Key with each save, with the bearer token', async () => {
    const calls = stubFetch(() => json(200, stored));
    await expect(saveObject('c1', 'n1', saveBody)).resolves.toEqual({ ok: true, object: stored });
    await saveObject('c1', 'n1', saveBody);
    expect(calls.map((call) => [call.method, call.path])).toEqual([
      ['PUT', '/api/objects/c1/n1'],
      ['PUT', '/api/objects/c1/n1'],
    ]);
    expect(calls[0]?.headers.authorization).toBe('Bearer session-token');
    expect(keyOf(calls[0])).toMatch(/^[\x21-\x7e]{8,200}$/);
    expect(keyOf(calls[1])).toMatch(/^[\x21-\x7e]{8,200}$/);
    expect(keyOf(calls[1])).not.toBe(keyOf(calls[0]));
    expect(JSON.parse(String(calls[0]?.body))).toEqual(saveBody);
  });

  it('gives the version now stored on a 409 that carries it, and throws any other failure', async () => {
    const current = { title: 'Leur version', keywords: [], revision: 5, modified: '2025-01-01T00:00:00.000Z', modifiedBy: null };
    stubFetch(() => json(409, { status: 409, code: 'conflict', messageCode: 'objects.conflict', current }));
    await expect(saveObject('c1', 'n1', saveBody)).resolves.toEqual({ ok: false, conflict: current });
    stubFetch(() => json(409, { status: 409, code: 'conflict', message: 'another conflict' }));
    await expect(saveObject('c1', 'n1', saveBody)).rejects.toMatchObject({ status: 409 });
    stubFetch(() => json(400, { status: 400, code: 'validation', errors: [{ field: 'title', message: 'x' }] }));
    await expect(saveObject('c1', 'n1', saveBody)).rejects.toBeInstanceOf(ApiError);
  });

  it('ends the session on a 401, as every call of the client does', async () => {
    const toLogin = vi.fn();
    setUnauthorizedHandler(toLogin);
    stubFetch(() => json(401, { status: 401, code: 'unauthorized' }));
    await expect(saveObject('c1', 'n1', saveBody)).rejects.toMatchObject({ status: 401 });
    expect(tokenStore.get()).toBeNull();
    expect(toLogin).toHaveBeenCalledTimes(1);
  });
});

/** A stand-in for the browser's XMLHttpRequest that records the request and answers `reply`. */
const stubXhr = (reply: { status: number; body: unknown }) => {
  const sent: { method: string; url: string; headers: Record<string, string>; body: unknown }[] = [];
  class FakeXhr {
    status = 0;
    statusText = '';
    responseText = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private request = { method: '', url: '', headers: {} as Record<string, string>, body: null as unknown };
    open(method: string, url: string) {
      this.request.method = method;
      this.request.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name.toLowerCase()] = value;
    }
    send(body: unknown) {
      this.request.body = body;
      sent.push(this.request);
      this.status = reply.status;
      this.responseText = JSON.stringify(reply.body);
      queueMicrotask(() => this.onload?.());
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
};

describe('the attachment upload', () => {
  const uploaded = { _id: 'a'.repeat(24), version: 1, filename: 'eau.png', mime: 'image/png', size: 3, width: 1, height: 1 };

  it('sends an Idempotency-Key, a fresh one per upload unless a retry gives its own', async () => {
    const sent = stubXhr({ status: 200, body: uploaded });
    const file = new Blob(['png'], { type: 'image/png' });
    await expect(uploadFile('c1', 'a1', file, 'eau.png', () => undefined)).resolves.toEqual(uploaded);
    await uploadFile('c1', 'a1', file, 'eau.png', () => undefined, 'n1');
    await uploadFile('c1', 'a1', file, 'eau.png', () => undefined, undefined, 'retry-of-one-upload');
    expect(sent.map((request) => [request.method, request.url])).toEqual([
      ['POST', '/api/upload/c1/a1'],
      ['POST', '/api/upload/c1/a1?noteId=n1'],
      ['POST', '/api/upload/c1/a1'],
    ]);
    const keys = sent.map((request) => request.headers['idempotency-key']);
    expect(keys[0]).toMatch(/^[\x21-\x7e]{8,200}$/);
    expect(keys[1]).toMatch(/^[\x21-\x7e]{8,200}$/);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBe('retry-of-one-upload');
    expect(sent[0]?.headers.authorization).toBe('Bearer session-token');
  });

  it('turns a refusal into an ApiError with the server’s message code', async () => {
    stubXhr({ status: 413, body: { status: 413, code: 'validation', messageCode: 'objects.fileTooLarge', params: { limit: 1 } } });
    await expect(uploadFile('c1', 'a1', new Blob(['x']), 'x.bin', () => undefined)).rejects.toMatchObject({
      status: 413,
      messageCode: 'objects.fileTooLarge',
    });
  });
});

describe('the CSV uploads of the author manager', () => {
  it('go through the api client: multipart as it is, the token and an Idempotency-Key', async () => {
    const calls = stubFetch(() => json(200, { rows: [] }));
    const file = new File(['firstName,lastName\n'], 'pupils.csv', { type: 'text/csv' });
    await expect(uploadCsv('/api/users/validate', 'c1', file)).resolves.toEqual({ rows: [] });
    const call = calls[0];
    expect([call?.method, call?.path]).toEqual(['POST', '/api/users/validate']);
    expect(keyOf(call)).toMatch(/^[\x21-\x7e]{8,200}$/);
    expect(call?.headers.authorization).toBe('Bearer session-token');
    // The browser sets the multipart boundary: no JSON content type.
    expect(call?.headers['content-type']).toBeUndefined();
    expect(call?.body).toBeInstanceOf(FormData);
    const form = call?.body as FormData;
    expect([...form.keys()]).toEqual(['communityId', 'file']);
    expect(form.get('communityId')).toBe('c1');
  });
});

describe('the logout page', () => {
  const renderLogout = () =>
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/logout']}>
          <Routes>
            <Route path="/logout" element={<LogoutPage />} />
            <Route path="/" element={<p>home</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );

  it('ends the session on the server with an Idempotency-Key, then forgets it here and goes home', async () => {
    const calls = stubFetch(() => json(200, { ok: true }));
    const page = renderLogout();
    await waitFor(() => expect(page.getByText('home')).toBeTruthy());
    expect(calls.map((call) => [call.method, call.path])).toEqual([['POST', '/auth/logout']]);
    expect(calls[0]?.headers.authorization).toBe('Bearer session-token');
    expect(keyOf(calls[0])).toMatch(/^[\x21-\x7e]{8,200}$/);
    expect(tokenStore.get()).toBeNull();
    page.unmount();
  });

  it('still logs this browser out when the server refuses the token', async () => {
    const calls = stubFetch(() => json(401, { status: 401, code: 'unauthorized' }));
    const page = renderLogout();
    await waitFor(() => expect(page.getByText('home')).toBeTruthy());
    expect(calls).toHaveLength(1);
    expect(tokenStore.get()).toBeNull();
    page.unmount();
  });
});
