import { describe, expect, it } from 'vitest';
import { oidcSettings } from './oidcSettings.ts';
import { CookieSealer } from './sealedCookie.ts';

describe('OpenID Connect settings (issue 18 §1)', () => {
  const env = { BUILDON_OIDC_ISSUER: 'https://accounts.google.com', BUILDON_OIDC_CLIENT_ID: 'id', BUILDON_OIDC_CLIENT_SECRET: 's' };

  it('is off without settings, needs all three, and https except on this machine', () => {
    expect(oidcSettings({})).toBeNull();
    expect(() => oidcSettings({ BUILDON_OIDC_ISSUER: 'https://x' })).toThrow(/BUILDON_OIDC_CLIENT_ID/);
    expect(() => oidcSettings({ ...env, BUILDON_OIDC_ISSUER: 'http://id.school.example' })).toThrow(/https/);
    expect(oidcSettings({ ...env, BUILDON_OIDC_ISSUER: 'http://127.0.0.1:9000' })?.issuer).toBe('http://127.0.0.1:9000');
    expect(oidcSettings(env, 'https://buildon.school.example/')).toEqual({
      issuer: 'https://accounts.google.com',
      clientId: 'id',
      clientSecret: 's',
      label: 'accounts.google.com',
      publicUrl: 'https://buildon.school.example',
    });
    expect(oidcSettings({ ...env, BUILDON_OIDC_LABEL: 'Google de l’école' })?.label).toBe('Google de l’école');
  });

  it('seals cookies the browser cannot read, forge or keep past their time', () => {
    const sealer = new CookieSealer('a-secret', 'oidc-v1');
    const sealed = sealer.seal({ state: 'abc' }, 2_000);
    expect(sealed).not.toContain('abc');
    expect(sealer.open(sealed, 1_000)).toEqual({ state: 'abc' });
    expect(sealer.open(sealed, 3_000)).toBeNull();
    expect(new CookieSealer('a-secret', 'other').open(sealed, 1_000)).toBeNull();
    const flipped = `${sealed.slice(0, 20)}${sealed[20] === 'A' ? 'B' : 'A'}${sealed.slice(21)}`;
    expect(sealer.open(flipped, 1_000)).toBeNull();
    expect(sealer.open('garbage', 1_000)).toBeNull();
  });
});
