import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/index.ts';
import { ApiError, createApiClient, loginHref, safeRedirect } from './api.ts';
import { createTokenStore, type KeyValueStorage } from './tokenStore.ts';

const memoryStorage = (): KeyValueStorage & { data: Map<string, string> } => {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const setup = (reply: Response) => {
  const storage = memoryStorage();
  const tokens = createTokenStore(storage);
  const fetch = vi.fn<typeof globalThis.fetch>(async () => reply);
  const onUnauthorized = vi.fn();
  return { storage, tokens, fetch, onUnauthorized, client: createApiClient({ fetch, tokens, onUnauthorized }) };
};

describe('api client', () => {
  // French, the default interface language: server messages show translated from their codes.
  beforeAll(async () => void (await initI18n()));

  it('sends the stored token as a bearer header and parses JSON', async () => {
    const { tokens, fetch, client } = setup(json(200, { ok: true }));
    tokens.set('abc');
    await expect(client.request('/api/users/me')).resolves.toEqual({ ok: true });
    const init = fetch.mock.calls[0]?.[1];
    expect(init?.headers).toMatchObject({ authorization: 'Bearer abc' });
  });

  it('on any 401 clears the token and calls the unauthorized handler', async () => {
    const { storage, tokens, onUnauthorized, client } = setup(
      json(401, { status: 401, message: 'jwt expired', code: 'unauthorized', messageCode: 'errors.unauthorized' }),
    );
    tokens.set('old');
    expect(storage.data.get('buildon.token')).toBe('old');
    const failure = client.request('/api/users/me');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 401, message: 'Connectez-vous pour continuer.', serverText: 'jwt expired' });
    expect(tokens.get()).toBeNull();
    expect(storage.data.has('buildon.token')).toBe(false);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('a 401 to a request sent without a token (after a logout) neither navigates nor touches a later login', async () => {
    const { tokens, onUnauthorized, fetch, client } = setup(json(401, { status: 401, message: 'unauthorized' }));
    await expect(client.request('/api/users/me')).rejects.toMatchObject({ status: 401 });
    expect(fetch.mock.calls[0]?.[1]?.headers).not.toHaveProperty('authorization');
    expect(onUnauthorized).not.toHaveBeenCalled();

    let answer: (response: Response) => void = () => undefined;
    fetch.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    const pending = client.request('/api/users/me');
    tokens.set('fresh');
    answer(json(401, { status: 401, message: 'unauthorized' }));
    await expect(pending).rejects.toMatchObject({ status: 401 });
    expect(tokens.get()).toBe('fresh');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('a 401 to a token replaced meanwhile (a password change) keeps the new one', async () => {
    const { tokens, onUnauthorized, fetch, client } = setup(json(200, {}));
    tokens.set('old');
    let answer: (response: Response) => void = () => undefined;
    fetch.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    const pending = client.request('/api/users/me');
    tokens.set('new');
    answer(json(401, { status: 401, message: 'Your session has ended. Please log in again.' }));
    await expect(pending).rejects.toMatchObject({ status: 401 });
    expect(tokens.get()).toBe('new');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('a login 401 clears the token without navigating, so the form shows the message, translated from its code', async () => {
    const { tokens, onUnauthorized, client } = setup(
      json(401, {
        message: 'This userName is not registered or the password is not correct.',
        code: 'unauthorized',
        messageCode: 'messages.loginFailed',
      }),
    );
    tokens.set('stale');
    await expect(client.request('/auth/local', { method: 'POST', body: {}, redirectOnUnauthorized: false })).rejects.toMatchObject({
      message: "Ce nom d'utilisateur n'est pas inscrit ou le mot de passe n'est pas correct.",
      messageCode: 'messages.loginFailed',
    });
    expect(tokens.get()).toBeNull();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('keeps the token on a 403 and exposes field errors', async () => {
    const { tokens, onUnauthorized, client } = setup(
      json(400, {
        status: 400,
        message: 'The userName is too short.',
        code: 'validation',
        messageCode: 'messages.userNameTooShort',
        errors: [{ field: 'userName', message: 'The userName is too short.', messageCode: 'messages.userNameTooShort' }],
      }),
    );
    tokens.set('kept');
    const error = await client.request('/api/users', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fieldMessage('userName')).toBe("Le nom d'utilisateur est trop court.");
    expect(tokens.get()).toBe('kept');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('fills a message from its params (the retry delay of a 429)', async () => {
    const { client } = setup(
      json(429, {
        status: 429,
        message: 'Too many attempts. Try again in 42 s.',
        code: 'rate_limited',
        messageCode: 'errors.tooManyAttempts',
        params: { seconds: 42 },
      }),
    );
    await expect(client.request('/auth/local', { method: 'POST', body: {} })).rejects.toMatchObject({
      message: 'Trop de tentatives. Réessayez dans 42 s.',
    });
  });

  it('says which abuse limit refused a write, a search or an upload, and how long to wait (issue 17 §5)', async () => {
    const cases = [
      ['limits.tooManyWrites', 'Vous enregistrez trop vite : attendez 1 s, puis réessayez.'],
      ['limits.tooManySearches', 'Trop de recherches en peu de temps : attendez 1 s, puis relancez la recherche.'],
      ['limits.tooManyUploads', 'Trop de fichiers envoyés en peu de temps : attendez 1 s, puis renvoyez celui-ci.'],
    ] as const;
    for (const [messageCode, french] of cases) {
      const { client, fetch } = setup(
        json(429, { status: 429, message: 'You are saving very quickly', code: 'rate_limited', messageCode, params: { seconds: 1 } }),
      );
      await expect(client.request('/api/contributions/c', { method: 'POST', body: {} })).rejects.toMatchObject({
        status: 429,
        message: french,
      });
      // A refusal is not retried by itself: the user reads the message and tries again.
      expect(fetch).toHaveBeenCalledTimes(1);
    }
    const { client } = setup(
      json(413, {
        status: 413,
        message: 'This community has no room left for this file (498 MB of 500 MB used)',
        code: 'validation',
        messageCode: 'limits.communityQuotaFull',
        params: { used: 498, quota: 500 },
        errors: [
          {
            field: 'file',
            message: 'This community has no room left',
            messageCode: 'limits.communityQuotaFull',
            params: { used: 498, quota: 500 },
          },
        ],
      }),
    );
    const refusal = await client.request('/api/upload/c/a', { method: 'POST', body: {} }).catch((e: unknown) => e as ApiError);
    expect((refusal as ApiError).fieldMessage('file')).toBe(
      "La communauté n'a plus assez de place pour ce fichier (498 Mo utilisés sur 500 Mo) : il n'a pas été enregistré. Prévenez votre enseignant.",
    );
  });

  it('never shows the English text: an unknown code, or none, gives the generic message of the failure kind', async () => {
    const unknown = setup(
      json(403, { status: 403, message: 'Some new English refusal', code: 'forbidden', messageCode: 'nowhere.unknown' }),
    );
    await expect(unknown.client.request('/api/x')).rejects.toMatchObject({
      message: "Vous n'avez pas le droit de faire cela.",
      serverText: 'Some new English refusal',
    });
    const bare = setup(new Response('Bad Gateway', { status: 502 }));
    await expect(bare.client.request('/api/x', { retries: 0 })).rejects.toMatchObject({
      message: 'Un problème est survenu de notre côté. Réessayez dans un instant.',
    });
    const fields = setup(
      json(400, { status: 400, message: 'x', code: 'validation', errors: [{ field: 'title', message: 'title is bad' }] }),
    );
    const error = (await fields.client.request('/api/x').catch((e: unknown) => e)) as ApiError;
    expect(error.fieldMessage('title')).toBe("Une partie de la saisie n'est pas valide.");
  });
});

describe('login redirects', () => {
  it('builds /login?redirect=<path> and keeps slashes readable', () => {
    expect(loginHref('/settings')).toBe('/login?redirect=/settings');
    expect(loginHref('/admin?page=2')).toBe('/login?redirect=/admin%3Fpage%3D2');
    expect(loginHref('/')).toBe('/login');
  });

  it('only follows same-site paths', () => {
    expect(safeRedirect('/settings')).toBe('/settings');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect('/login')).toBe('/');
  });

  describe('safe retries (issue 22 §5)', () => {
    const retrying = (...replies: (Response | Error)[]) => {
      const tokens = createTokenStore(memoryStorage());
      const fetch = vi.fn<typeof globalThis.fetch>();
      for (const reply of replies) {
        if (reply instanceof Error) fetch.mockRejectedValueOnce(reply);
        else fetch.mockResolvedValueOnce(reply);
      }
      const waits: number[] = [];
      let n = 0;
      const client = createApiClient({
        fetch,
        tokens,
        onUnauthorized: vi.fn(),
        wait: async (ms) => void waits.push(ms),
        newKey: () => `key-${++n}`,
      });
      const keyOf = (call: number) => (fetch.mock.calls[call]?.[1]?.headers as Record<string, string>)['idempotency-key'];
      return { fetch, client, waits, keyOf };
    };

    it('sends one fresh Idempotency-Key per write, none on reads', async () => {
      const { client, keyOf } = retrying(json(201, {}), json(201, {}), json(200, {}));
      await client.request('/api/contributions/c', { body: { type: 'Note' } });
      await client.request('/api/contributions/c', { body: { type: 'Note' } });
      await client.request('/api/users/me');
      expect([keyOf(0), keyOf(1), keyOf(2)]).toEqual(['key-1', 'key-2', undefined]);
    });

    it('retries a 503 after its Retry-After and a dropped connection, with the same key', async () => {
      const unavailable = new Response(JSON.stringify({ status: 503, code: 'unavailable', messageCode: 'errors.unavailable' }), {
        status: 503,
        headers: { 'retry-after': '2' },
      });
      const { client, fetch, waits, keyOf } = retrying(unavailable, new TypeError('Failed to fetch'), json(201, { ok: 1 }));
      await expect(client.request('/api/links', { method: 'POST', body: {} })).resolves.toEqual({ ok: 1 });
      expect(fetch).toHaveBeenCalledTimes(3);
      expect([keyOf(0), keyOf(1), keyOf(2)]).toEqual(['key-1', 'key-1', 'key-1']);
      expect(waits).toEqual([2000, 1000]);
    });

    it('gives up after its retries with a message saying to try again later', async () => {
      const down = () => json(503, { status: 503, code: 'unavailable', messageCode: 'errors.unavailable', params: { seconds: 5 } });
      const { client, fetch } = retrying(down(), down(), down());
      const failure = client.request('/api/links', { method: 'POST', body: {} });
      await expect(failure).rejects.toMatchObject({ status: 503, code: 'unavailable' });
      await expect(failure).rejects.toThrow(/5 s/);
      expect(fetch).toHaveBeenCalledTimes(3);
    });

    it('a 202 (saved, not yet visible) is not retried and says it was saved', async () => {
      const { client, fetch } = retrying(json(202, { accepted: true, ids: ['n1'], code: 'accepted', messageCode: 'errors.accepted' }));
      await expect(client.request('/api/contributions/c', { body: {} })).rejects.toMatchObject({
        status: 202,
        message: 'Enregistré. Cela apparaîtra dans un instant.',
      });
      expect(fetch).toHaveBeenCalledTimes(1);
    });
  });
});
