import { adapterProbe, type IntegrationProbe } from '../integrationStatus.ts';
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
  return adapterProbe('google', client, (google) => new URL(google.settings.tokenUrl).host);
};
