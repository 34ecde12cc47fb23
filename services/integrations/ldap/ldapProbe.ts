import type { IntegrationProbe, IntegrationState } from '../integrationStatus.ts';
import { LdapDirectory } from './ldapDirectory.ts';
import type { LdapSettings } from './ldapSettings.ts';

/**
 * Admin tools' line for LDAP sign-in (issue 18 §2, §8): configured when the URL
 * and search base are set, reachable when the directory answers, the last error
 * a sign-in met. `detail` is the directory's host, never the bind password.
 */
export const ldapProbe = (config: LdapSettings | LdapDirectory | null): IntegrationProbe => {
  const directory = config === null || config instanceof LdapDirectory ? config : new LdapDirectory(config);
  return {
    name: 'ldap',
    async check(): Promise<IntegrationState> {
      if (!directory) return { name: 'ldap', configured: false, reachable: null, lastError: null, detail: null };
      return {
        name: 'ldap',
        configured: true,
        reachable: await directory.reachable(),
        lastError: directory.lastError.get(),
        detail: new URL(directory.settings.url).host,
      };
    },
  };
};
