import { describe, expect, it } from 'vitest';
import { escapeFilterValue, filterFor, ldapSettings } from './ldapSettings.ts';

describe('LDAP settings and filters (issue 18 §2)', () => {
  it('escapes what could change a filter (RFC 4515)', () => {
    expect(escapeFilterValue('marie')).toBe('marie');
    expect(escapeFilterValue('*)(uid=*')).toBe('\\2a\\29\\28uid=\\2a');
    expect(escapeFilterValue('a\\b\u0000')).toBe('a\\5cb\\00');
    expect(filterFor({ searchFilter: '(|(uid={username})(mail={username}))' }, 'x*')).toBe('(|(uid=x\\2a)(mail=x\\2a))');
  });

  it('is off without settings, and names what is wrong', () => {
    expect(ldapSettings({})).toBeNull();
    expect(() => ldapSettings({ BUILDON_LDAP_URL: 'ldap://x' })).toThrow(/BUILDON_LDAP_SEARCH_BASE/);
    expect(() => ldapSettings({ BUILDON_LDAP_URL: 'http://x', BUILDON_LDAP_SEARCH_BASE: 'dc=x' })).toThrow(/ldaps:\/\//);
    expect(() =>
      ldapSettings({ BUILDON_LDAP_URL: 'ldaps://x', BUILDON_LDAP_SEARCH_BASE: 'dc=x', BUILDON_LDAP_SEARCH_FILTER: '(uid=*)' }),
    ).toThrow(/\{username\}/);
    expect(ldapSettings({ BUILDON_LDAP_URL: 'ldaps://ldap.school.example', BUILDON_LDAP_SEARCH_BASE: 'ou=people,dc=x' })).toEqual({
      url: 'ldaps://ldap.school.example',
      bindDn: '',
      bindPassword: '',
      searchBase: 'ou=people,dc=x',
      searchFilter: '(uid={username})',
      label: '',
      mailVerified: true,
    });
  });

  it("trusts the directory's mail unless BUILDON_LDAP_MAIL_VERIFIED says not to", () => {
    const base = { BUILDON_LDAP_URL: 'ldaps://x', BUILDON_LDAP_SEARCH_BASE: 'dc=x' };
    expect(ldapSettings({ ...base, BUILDON_LDAP_MAIL_VERIFIED: 'false' })?.mailVerified).toBe(false);
    expect(ldapSettings({ ...base, BUILDON_LDAP_MAIL_VERIFIED: ' No ' })?.mailVerified).toBe(false);
    expect(ldapSettings({ ...base, BUILDON_LDAP_MAIL_VERIFIED: 'true' })?.mailVerified).toBe(true);
    expect(() => ldapSettings({ ...base, BUILDON_LDAP_MAIL_VERIFIED: 'maybe' })).toThrow(/BUILDON_LDAP_MAIL_VERIFIED/);
  });
});
