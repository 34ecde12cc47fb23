/**
 * What Admin tools shows for each integration (issue 18 §8): whether it is
 * configured, whether its server answers, and the last error it met. Each
 * adapter (OpenID Connect, LDAP, writing help, translation, e-mail, ITM,
 * Google) exports one probe; the admin route lists them. A probe never returns
 * a secret: `detail` is a public fact such as the issuer URL's host.
 */
export type IntegrationName = 'oidc' | 'ldap' | 'ai' | 'translate' | 'mail' | 'itm' | 'google';

export type IntegrationState = {
  name: IntegrationName;
  configured: boolean;
  /** null when not configured or not yet checked. */
  reachable: boolean | null;
  /** The last error met while serving a user (message only, no secret), with its time. */
  lastError: { message: string; at: string } | null;
  /** A public fact about the setting (e.g. the server's host), never a key or password. */
  detail: string | null;
};

export type IntegrationProbe = {
  name: IntegrationName;
  /** Asks the server whether it answers, with a short timeout; never throws. */
  check(): Promise<IntegrationState>;
};

/** Keeps the last error an adapter met, for its probe to report. */
export class LastError {
  private value: IntegrationState['lastError'] = null;
  record(error: unknown, now: Date = new Date()): void {
    const message = error instanceof Error ? error.message : String(error);
    this.value = { message: message.slice(0, 300), at: now.toISOString() };
  }
  get(): IntegrationState['lastError'] {
    return this.value;
  }
}

/** What an adapter offers its probe: a short check that its server answers, and the last error it met. */
export type ProbedAdapter = { reachable(): Promise<boolean>; readonly lastError: LastError };

/**
 * The probe of an adapter, or of none (not configured): whether its server
 * answers, its last error, and `detail` (a public fact such as its host).
 */
export const adapterProbe = <A extends ProbedAdapter>(
  name: IntegrationName,
  adapter: A | null,
  detail: (adapter: A) => string,
): IntegrationProbe => ({
  name,
  async check(): Promise<IntegrationState> {
    if (!adapter) return { name, configured: false, reachable: null, lastError: null, detail: null };
    return { name, configured: true, reachable: await adapter.reachable(), lastError: adapter.lastError.get(), detail: detail(adapter) };
  },
});
