import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeItm, type FakeItm } from '../../../tests/support/fakeItm.ts';
import { ItmClient, ItmError } from './itmClient.ts';
import { itmProbe } from './itmProbe.ts';
import { itmServerOf, itmSettings } from './itmSettings.ts';

/** The ITM adapter against a local ITM protocol fake (tests/support/fakeItm.ts). */
let fake: FakeItm;
let client: ItmClient;
beforeAll(async () => {
  fake = await startFakeItm();
  const settings = itmSettings({
    BUILDON_ITM_URL: `${fake.url}/`,
    BUILDON_ITM_KEY: fake.key,
    BUILDON_PUBLIC_URL: 'https://buildon.school/',
  });
  if (!settings) throw new Error('no settings');
  client = new ItmClient(settings);
});
afterAll(async () => fake.close());

describe('ItmClient', () => {
  it('asks for the community token once and reuses it for the /WSG/ calls', async () => {
    await client.wsg(fake.url, '/WSG/view/add', 'c1', { viewid: 'v1', title: 'Vue' });
    await client.wsg(fake.url, '/WSG/view_note/add', 'c1', { viewid: 'v1', noteid: 'n1' });
    expect(fake.callsTo('/IIUSs/kf/user/token')).toHaveLength(1);
    expect(fake.callsTo('/IIUSs/kf/user/token')[0]?.body).toEqual({
      community_url: 'https://buildon.school',
      community_id: 'c1',
      token: fake.key,
    });
    expect(fake.callsTo('/WSG/view_note/add')[0]?.body).toMatchObject({ database: 'itm3', viewid: 'v1', noteid: 'n1' });
  });

  it('a failure is an ItmError naming the path, never the key, and the probe shows it with the host alone', async () => {
    fake.failNext = 1;
    const error = await client.iius(fake.url, '/IIUSs/note/add', 'c1', { note_id: 'n2' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ItmError);
    expect(String((error as Error).message)).toBe('ITM /IIUSs/note/add: HTTP 500');
    const refused = await new ItmClient({ ...client.settings, key: 'wrong' })
      .iius(fake.url, '/IIUSs/note/add', 'c1', {})
      .catch((e: unknown) => e);
    expect((refused as Error).message).toBe('ITM /IIUSs/note/add: bad token');
    // ITM answering `failure` (here: a note in no thread) is told apart from ITM not answering.
    expect((refused as ItmError).refused).toBe(true);
    expect((error as ItmError).refused).toBe(false);
    const state = await itmProbe(client).check();
    expect(state).toMatchObject({ name: 'itm', configured: true, reachable: true, detail: new URL(fake.url).host });
    expect(state.lastError?.message).toBe('ITM /IIUSs/note/add: HTTP 500');
    expect(JSON.stringify(state)).not.toContain(fake.key);
    expect(await itmProbe(null).check()).toMatchObject({ configured: false, reachable: null });
  });
});

describe('itmSettings', () => {
  it('is off without BUILDON_ITM_URL and refuses what is not an http(s) address', () => {
    expect(itmSettings({})).toBeNull();
    expect(() => itmSettings({ BUILDON_ITM_URL: 'ftp://itm' })).toThrow(/BUILDON_ITM_URL/);
    expect(() => itmSettings({ BUILDON_ITM_URL: 'https://itm.example', BUILDON_ITM_ALLOWED_ORIGINS: 'nope' })).toThrow(/ALLOWED_ORIGINS/);
    expect(() => itmSettings({ BUILDON_ITM_URL: 'https://itm.example', BUILDON_ITM_ATTEMPTS: 'x' })).toThrow(/ATTEMPTS/);
  });

  it('a community may name an allowed ITM server only; anything else falls back to the configured one', () => {
    const settings = itmSettings({ BUILDON_ITM_URL: 'https://itm.example', BUILDON_ITM_ALLOWED_ORIGINS: 'https://itm2.example' });
    if (!settings) throw new Error('no settings');
    expect(itmServerOf(settings, { itmServer: 'https://itm2.example/' })).toBe('https://itm2.example');
    expect(itmServerOf(settings, { itmServer: 'http://169.254.169.254/latest' })).toBe('https://itm.example');
    expect(itmServerOf(settings, { itmServer: 'http://localhost:6379' })).toBe('https://itm.example');
    expect(itmServerOf(settings, { itmServer: 'nonsense' })).toBe('https://itm.example');
    expect(itmServerOf(settings, undefined)).toBe('https://itm.example');
  });
});
