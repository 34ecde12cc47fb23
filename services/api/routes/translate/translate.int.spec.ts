import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationsReply } from '../../../../contracts/api/admin.ts';
import type { TranslateReply } from '../../../../contracts/api/translate.ts';
import frServer from '../../../../web/src/i18n/locales/server/fr.json' with { type: 'json' };
import { fakeLibreTranslateEnv, startFakeLibreTranslate, type FakeLibreTranslate } from '../../../../tests/support/fakeLibreTranslate.ts';
import { bearer, buildTestApp, testRateLimits, type TestApp } from '../../../../tests/support/testApp.ts';
import { translateSettings } from '../../../integrations/translate/translateSettings.ts';
import type { Static } from 'typebox';
import { createLogger } from '../../../app/logger.ts';

type Problem = { message: string; messageCode?: string; errors?: { field: string }[] };

/**
 * Translation (issue 18 §4) against tests/support/fakeLibreTranslate.ts, a
 * local HTTP server speaking LibreTranslate's protocol: a note translated,
 * a long one in 4,900-character chunks, the spec's error text when the
 * server fails, the route off when nothing is configured, the per-user limit,
 * and Admin tools' integration list (§8), never showing the key.
 */
let fake: FakeLibreTranslate;
let t: TestApp;
let pupil: { token: string; id: string };
let admin: { token: string; id: string };
/** Every line the server logged (debug and up). */
const logged: string[] = [];

const french = (code: string | undefined) => {
  const [catalog = '', key = ''] = (code ?? '').split('.');
  return (frServer.server as Record<string, Record<string, string> | undefined>)[catalog]?.[key];
};

beforeAll(async () => {
  fake = await startFakeLibreTranslate();
  t = await buildTestApp({
    translate: translateSettings(fakeLibreTranslateEnv(fake)),
    userRateLimits: { ...testRateLimits, translationsPerMinute: 1_000 },
    logger: createLogger('debug', { write: (line: string) => void logged.push(line) }),
  });
  pupil = await t.register('pupil');
  admin = await t.admin();
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const translate = (text: string, language: string, token: string | null = pupil.token) =>
  t.app.inject({
    method: 'GET',
    url: `/api/translate?${new URLSearchParams({ text, language }).toString()}`,
    ...(token ? { headers: bearer(token) } : {}),
  });

describe('GET /api/translate (spec part 1 §7)', () => {
  it('translates a note through the LibreTranslate protocol, source detected, key sent to that server only', async () => {
    const reply = await translate('Les plantes ont besoin de lumière.', 'en');
    expect(reply.statusCode).toBe(200);
    expect(reply.json<TranslateReply>()).toEqual({ responseDesc: 'Success', text: '[en] Les plantes ont besoin de lumière.' });
    expect(fake.requests.at(-1)).toEqual({
      q: 'Les plantes ont besoin de lumière.',
      source: 'auto',
      target: 'en',
      format: 'text',
      api_key: fake.apiKey,
    });
    expect(reply.body).not.toContain(fake.apiKey);
  });

  it('says whether translation is configured, for the buttons', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/translate/status', headers: bearer(pupil.token) });
    expect(reply.json()).toEqual({ configured: true });
  });

  it('sends Chinese as LibreTranslate names it (zh_CN → zh), and takes the text in a POST body too', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/translate',
      headers: bearer(pupil.token),
      payload: { text: 'Bonjour', language: 'zh_CN' },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json<TranslateReply>().text).toBe('[zh] Bonjour');
  });

  it('cuts a 12,000-character note into three chunks of at most 4,900 at sentence ends, joined back in order', async () => {
    const sentences = Array.from({ length: 520 }, (_, i) => `Phrase numéro ${String(i).padStart(4, '0')} ici. `);
    const text = sentences.join('').slice(0, 12_000);
    expect(text).toHaveLength(12_000);
    const before = fake.requests.length;
    const reply = await translate(text, 'en');
    expect(reply.statusCode).toBe(200);
    const sent = fake.requests.slice(before);
    expect(sent).toHaveLength(3);
    for (const request of sent) expect(request.q.length).toBeLessThanOrEqual(4_900);
    // Cut after a sentence's end and its space: each chunk but the last ends with ". ".
    expect(sent[0]?.q.endsWith('ici. ')).toBe(true);
    expect(sent[1]?.q.endsWith('ici. ')).toBe(true);
    expect(sent.map((r) => r.q).join('')).toBe(text);
    const translated = reply.json<TranslateReply>().text;
    expect(translated).toBe(sent.map((r) => `[en] ${r.q}`).join(''));
  });

  it("answers the spec's error text when the server fails, and Admin tools shows the error without the key", async () => {
    fake.failing = true;
    try {
      const reply = await translate('Bonjour', 'en');
      expect(reply.statusCode).toBe(503);
      const body = reply.json<Problem>();
      expect(body.message).toBe('Error in Translating this Note.. Please try Later');
      expect(body.messageCode).toBe('translate.failed');
      expect(french(body.messageCode)).toBeTruthy();
      expect(reply.body).not.toContain(fake.apiKey);
    } finally {
      fake.failing = false;
    }
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/integrations', headers: bearer(admin.token) });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(fake.apiKey);
    const line = list.json<Static<typeof IntegrationsReply>>().integrations.find((i) => i.name === 'translate');
    expect(line).toMatchObject({ configured: true, reachable: true, detail: new URL(fake.url).host });
    expect(line?.lastError?.message).toBe('translation server failed (HTTP 500)');
  });

  it('refuses anonymous callers (401) and names a bad field (400)', async () => {
    expect((await translate('Bonjour', 'en', null)).statusCode).toBe(401);
    const bad = await translate('Bonjour', 'english; drop');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<Problem>().errors?.[0]?.field).toContain('language');
    const empty = await t.app.inject({ method: 'GET', url: '/api/translate?language=en', headers: bearer(pupil.token) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<Problem>().errors?.[0]?.field).toContain('text');
  });
});

describe('the logs', () => {
  it('hold neither the translation key nor the text translated, although translations succeeded and failed', () => {
    expect(logged.length).toBeGreaterThan(10);
    expect(logged.some((line) => line.includes('translation server failed'))).toBe(true);
    expect(logged.some((line) => line.includes('/api/translate?text=[redacted]'))).toBe(true);
    expect(logged.filter((line) => line.includes(fake.apiKey))).toEqual([]);
    expect(logged.filter((line) => line.includes('plantes') || line.includes('Phrase'))).toEqual([]);
  });
});

describe('Admin tools › Intégrations (issue 18 §8)', () => {
  it('lists every probe for admins, and refuses anyone else with the admins-only message', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/integrations', headers: bearer(admin.token) });
    const names = list.json<Static<typeof IntegrationsReply>>().integrations.map((i) => i.name);
    expect(names).toEqual(expect.arrayContaining(['google', 'translate']));
    expect(list.json<Static<typeof IntegrationsReply>>().integrations.find((i) => i.name === 'google')).toEqual({
      name: 'google',
      configured: false,
      reachable: null,
      lastError: null,
      detail: null,
    });
    const refused = await t.app.inject({ method: 'GET', url: '/api/admin/integrations', headers: bearer(pupil.token) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<Problem>().messageCode).toBe('messages.adminOnly');
  });
});

describe('without BUILDON_TRANSLATE_URL', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await buildTestApp();
  });
  afterAll(async () => off.close());

  it('answers 404 "not configured" and says configured: false, so the buttons stay hidden', async () => {
    const { token } = await off.register('someone');
    const status = await off.app.inject({ method: 'GET', url: '/api/translate/status', headers: bearer(token) });
    expect(status.json()).toEqual({ configured: false });
    const reply = await off.app.inject({ method: 'GET', url: '/api/translate?text=Bonjour&language=en', headers: bearer(token) });
    expect(reply.statusCode).toBe(404);
    expect(reply.json<Problem>().messageCode).toBe('translate.notConfigured');
    const { token: adminToken } = await off.admin();
    const list = await off.app.inject({ method: 'GET', url: '/api/admin/integrations', headers: bearer(adminToken) });
    expect(list.json<Static<typeof IntegrationsReply>>().integrations.find((i) => i.name === 'translate')?.configured).toBe(false);
  });

  it('reads the settings: off without a URL, refused when the URL is not http(s)', () => {
    expect(translateSettings({})).toBeNull();
    expect(translateSettings({ BUILDON_TRANSLATE_URL: 'https://tr.example.org/' })).toEqual({ url: 'https://tr.example.org', apiKey: '' });
    expect(() => translateSettings({ BUILDON_TRANSLATE_URL: 'ftp://tr.example.org' })).toThrow(/BUILDON_TRANSLATE_URL/);
  });
});

describe('the per-user translation limit (BUILDON_TRANSLATIONS_PER_MINUTE)', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({
      translate: translateSettings(fakeLibreTranslateEnv(fake)),
      userRateLimits: { ...testRateLimits, translationsPerMinute: 2 },
    });
  });
  afterAll(async () => limited.close());

  it('lets two through a minute, then asks that user to wait; another user is not held back', async () => {
    const one = await limited.register('first');
    const two = await limited.register('second');
    const call = (token: string) =>
      limited.app.inject({ method: 'GET', url: '/api/translate?text=Bonjour&language=en', headers: bearer(token) });
    expect([(await call(one.token)).statusCode, (await call(one.token)).statusCode]).toEqual([200, 200]);
    const refused = await call(one.token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<Problem>().messageCode).toBe('translate.tooManyTranslations');
    expect(refused.headers['retry-after']).toBeTruthy();
    expect((await call(two.token)).statusCode).toBe(200);
  });
});
