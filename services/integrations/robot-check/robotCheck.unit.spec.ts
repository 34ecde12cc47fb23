import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { describe, expect, it } from 'vitest';
import type { OnceStore } from '../../core/onceStore.ts';
import { AltchaRobotCheck } from './altchaRobotCheck.ts';
import { RecaptchaRobotCheck } from './recaptchaRobotCheck.ts';

const memoryOnce = (): OnceStore => {
  const seen = new Set<string>();
  return {
    claim: async (key) => (seen.has(key) ? false : (seen.add(key), true)),
    close: async () => undefined,
  };
};

const solve = async (check: AltchaRobotCheck) => {
  const challenge = await check.createChallenge();
  const solution = await solveChallenge({ challenge, deriveKey });
  return { challenge, payload: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64') };
};

describe('AltchaRobotCheck', () => {
  const check = new AltchaRobotCheck({ hmacSecret: 's3cret', once: memoryOnce(), cost: 1, counterMin: 1, counterMax: 20 });

  it('accepts a solved challenge once when consuming, any number of times when only checking', async () => {
    const { payload } = await solve(check);
    expect(await check.verify(payload, { consume: false })).toBe(true);
    expect(await check.verify(payload, { consume: true })).toBe(true);
    expect(await check.verify(payload, { consume: true })).toBe(false);
  });

  it('refuses a challenge signed with another secret and garbage', async () => {
    const other = new AltchaRobotCheck({ hmacSecret: 'other', once: memoryOnce(), cost: 1, counterMin: 1, counterMax: 20 });
    const { payload } = await solve(other);
    expect(await check.verify(payload, { consume: true })).toBe(false);
    expect(await check.verify('%%%', { consume: true })).toBe(false);
    expect(await check.verify(Buffer.from('{"a":1}').toString('base64'), { consume: true })).toBe(false);
  });

  it('refuses an expired challenge', async () => {
    const shortLived = new AltchaRobotCheck({ hmacSecret: 's', once: memoryOnce(), cost: 1, counterMin: 1, counterMax: 5, expiresMs: 1 });
    const { payload } = await solve(shortLived);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await shortLived.verify(payload, { consume: true })).toBe(false);
  });
});

describe('RecaptchaRobotCheck', () => {
  const fakeGoogle = (success: boolean, calls: URLSearchParams[]) =>
    (async (_url: string | URL | Request, init?: RequestInit) => {
      calls.push(init?.body as URLSearchParams);
      return new Response(JSON.stringify({ success }), { headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;

  it('asks Google with the secret key and accepts a token once', async () => {
    const calls: URLSearchParams[] = [];
    const check = new RecaptchaRobotCheck({ siteKey: 'site', secretKey: 'secret', once: memoryOnce(), fetch: fakeGoogle(true, calls) });
    expect(check.publicConfig()).toEqual({ provider: 'recaptcha', publicKey: 'site', challengeUrl: null });
    expect(await check.verify('token-1', { consume: true, remoteIp: '10.0.0.1' })).toBe(true);
    expect(calls[0]?.get('secret')).toBe('secret');
    expect(calls[0]?.get('response')).toBe('token-1');
    expect(calls[0]?.get('remoteip')).toBe('10.0.0.1');
    expect(await check.verify('token-1', { consume: true })).toBe(false);
  });

  it('refuses what Google refuses, and when Google cannot be reached', async () => {
    const refused = new RecaptchaRobotCheck({ siteKey: 's', secretKey: 'k', once: memoryOnce(), fetch: fakeGoogle(false, []) });
    expect(await refused.verify('token', { consume: true })).toBe(false);
    const offline = new RecaptchaRobotCheck({
      siteKey: 's',
      secretKey: 'k',
      once: memoryOnce(),
      fetch: async () => {
        throw new Error('offline');
      },
    });
    expect(await offline.verify('token', { consume: true })).toBe(false);
  });
});
