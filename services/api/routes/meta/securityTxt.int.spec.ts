import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/support/testApp.ts';
import { securityContactUri, securityTxt } from './securityTxt.ts';

describe('/.well-known/security.txt (RFC 9116, issue 17 §7)', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });
  const start = async (options: { securityContact?: string; publicUrl?: string }) => {
    const t = await buildTestApp(options);
    apps.push(t);
    return t;
  };

  it("names the school's contact, an expiry within a year and the canonical address, as plain text to anyone", async () => {
    const t = await start({ securityContact: 'securite@ecole.example', publicUrl: 'https://buildon.ecole.example' });
    const response = await t.app.inject({ method: 'GET', url: '/.well-known/security.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toMatch(/^Contact: mailto:securite@ecole\.example$/m);
    expect(response.body).toMatch(/^Preferred-Languages: fr, en$/m);
    expect(response.body).toMatch(/^Canonical: https:\/\/buildon\.ecole\.example\/\.well-known\/security\.txt$/m);
    const expires = Date.parse(/^Expires: (.+)$/m.exec(response.body)?.[1] ?? '');
    expect(expires).toBeGreaterThan(Date.now());
    expect(expires).toBeLessThan(Date.now() + 365 * 24 * 3600 * 1000);
    // The security headers still apply to it.
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('does not exist when the operator set no contact (404, problem JSON)', async () => {
    const t = await start({});
    const response = await t.app.inject({ method: 'GET', url: '/.well-known/security.txt' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('accepts an e-mail address or an https page, and refuses anything else naming the setting', () => {
    expect(securityContactUri(' it@school.example ')).toBe('mailto:it@school.example');
    expect(securityContactUri('mailto:it@school.example')).toBe('mailto:it@school.example');
    expect(securityContactUri('https://school.example/report')).toBe('https://school.example/report');
    for (const bad of ['http://school.example/report', 'javascript:alert(1)', 'nobody', 'a b@c.d']) {
      expect(() => securityContactUri(bad)).toThrow(/BUILDON_SECURITY_CONTACT/);
    }
    expect(securityTxt({ contact: 'it@school.example', now: new Date('2026-01-01T00:00:00Z') })).toBe(
      'Contact: mailto:it@school.example\nExpires: 2026-06-30T00:00:00Z\nPreferred-Languages: fr, en\n',
    );
  });
});
