import type * as LdaptsModule from 'ldapts';
import type { Client, Entry } from 'ldapts';

let ldaptsModule: Promise<typeof LdaptsModule> | null = null;
/** ldapts, loaded on the first institutional login: a school without LDAP never pays for it at start. */
const loadLdapts = (): Promise<typeof LdaptsModule> => (ldaptsModule ??= import('ldapts'));
import { LastError } from '../integrationStatus.ts';
import { filterFor, type LdapSettings } from './ldapSettings.ts';

const timeoutMs = 10_000;

/** What Buildon keeps of a directory entry for the person who signed in. */
export type LdapIdentity = {
  issuer: string;
  /** The entry's `entryUUID` when the directory has one (it survives renames), else its DN. */
  subject: string;
  email: string | null;
  firstName: string;
  lastName: string;
  preferredUserName: string;
};

/** The directory did not answer as it should (not a wrong password). */
export class LdapUnavailableError extends Error {}

const first = (entry: Entry, name: string): string => {
  const value = entry[name];
  const one = Array.isArray(value) ? value[0] : value;
  return typeof one === 'string' ? one.trim() : Buffer.isBuffer(one) ? one.toString('utf8').trim() : '';
};

/**
 * The adapter of an LDAP directory, with ldapts: the service account binds and
 * searches for the one entry the filter names (the typed user name escaped),
 * then a second connection binds as that entry's DN with the typed password.
 * Unknown user, several entries, empty or wrong password: all null, alike.
 * Failures of the directory are recorded for the Admin tools probe, never a password.
 */
export class LdapDirectory {
  readonly lastError = new LastError();

  constructor(readonly settings: LdapSettings) {}

  private async client(timeout = timeoutMs): Promise<Client> {
    const { Client: LdapClient } = await loadLdapts();
    return new LdapClient({ url: this.settings.url, timeout, connectTimeout: timeout });
  }

  async authenticate(userName: string, password: string): Promise<LdapIdentity | null> {
    // An empty password would be an "unauthenticated bind" (RFC 4513 §5.1.2), which many directories accept.
    if (!userName || !password) return null;
    try {
      const entry = await this.find(userName);
      if (!entry) return null;
      const asPerson = await this.client();
      try {
        await asPerson.bind(entry.dn, password);
      } catch (error) {
        if (error instanceof (await loadLdapts()).InvalidCredentialsError) return null;
        throw error;
      } finally {
        await asPerson.unbind().catch(() => undefined);
      }
      return {
        issuer: this.settings.url,
        subject: first(entry, 'entryUUID') || entry.dn,
        email: first(entry, 'mail').toLowerCase() || null,
        firstName: first(entry, 'givenName'),
        lastName: first(entry, 'sn'),
        preferredUserName: first(entry, 'uid') || userName,
      };
    } catch (error) {
      this.lastError.record(error);
      throw new LdapUnavailableError('the LDAP directory failed', { cause: error });
    }
  }

  private async find(userName: string): Promise<Entry | null> {
    const client = await this.client();
    try {
      if (this.settings.bindDn) await client.bind(this.settings.bindDn, this.settings.bindPassword);
      const { searchEntries } = await client.search(this.settings.searchBase, {
        scope: 'sub',
        filter: filterFor(this.settings, userName),
        attributes: ['entryUUID', 'mail', 'givenName', 'sn', 'uid'],
        sizeLimit: 2,
      });
      return searchEntries.length === 1 ? (searchEntries[0] ?? null) : null;
    } finally {
      await client.unbind().catch(() => undefined);
    }
  }

  /** Whether the directory answers (a bind of the service account, or a base search): for the probe. */
  async reachable(): Promise<boolean> {
    const client = await this.client(3_000);
    try {
      if (this.settings.bindDn) await client.bind(this.settings.bindDn, this.settings.bindPassword);
      else await client.search(this.settings.searchBase, { scope: 'base', attributes: ['1.1'] });
      return true;
    } catch (error) {
      // An LDAP refusal is an answer: the server is there.
      return error instanceof (await loadLdapts()).ResultCodeError;
    } finally {
      await client.unbind().catch(() => undefined);
    }
  }
}
