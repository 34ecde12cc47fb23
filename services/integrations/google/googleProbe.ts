import type { IntegrationProbe, IntegrationState } from '../integrationStatus.ts';
import { GoogleClient } from './googleClient.ts';
import type { GoogleSettings } from './googleSettings.ts';

/**
 * Admin tools' line for Google Docs / Drive (issue 18 §8): configured when the
 * client id and secret are set, reachable when the token endpoint answers,
 * the last error a call met. `detail` is the token endpoint's host only.
 */
export const googleProbe = (config: GoogleSettings | GoogleClient | null): IntegrationProbe => {
  // Pass the client the routes use (main.ts does) so that its last error shows; settings alone probe a new one.
  const client = config === null || config instanceof GoogleClient ? config : new GoogleClient(config);
  return probeOf(client);
};

const probeOf = (client: GoogleClient | null): IntegrationProbe => ({
  name: 'google',
  async check(): Promise<IntegrationState> {
    if (!client) return { name: 'google', configured: false, reachable: null, lastError: null, detail: null };
    return {
      name: 'google',
      configured: true,
      reachable: await client.reachable(),
      lastError: client.lastError.get(),
      detail: new URL(client.settings.tokenUrl).host,
    };
  },
});
