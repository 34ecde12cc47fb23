import { adapterProbe, type IntegrationProbe } from '../integrationStatus.ts';
import { LdapDirectory } from './ldapDirectory.ts';
import type { LdapSettings } from './ldapSettings.ts';

/**
 * Admin tools' line for LDAP sign-in (issue 18 §2, §8): configured when the URL
 * and search base are set, reachable when the directory answers, the last error
 * a sign-in met. `detail` is the directory's host, never the bind password.
 */
export const ldapProbe = (config: LdapSettings | LdapDirectory | null): IntegrationProbe => {
  const directory = config === null || config instanceof LdapDirectory ? config : new LdapDirectory(config);
  return adapterProbe('ldap', directory, (ldap) => new URL(ldap.settings.url).host);
};
