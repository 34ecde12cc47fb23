import type { IntegrationProbe, IntegrationState } from '../integrationStatus.ts';
import { LibreTranslateClient } from './libreTranslateClient.ts';
import type { TranslateSettings } from './translateSettings.ts';

/**
 * Admin tools' line for translation (issue 18 §4, §8): configured when
 * `BUILDON_TRANSLATE_URL` is set, reachable when its `/languages` answers,
 * the last error a translation met. `detail` is the server's host only.
 */
export const translateProbe = (config: TranslateSettings | LibreTranslateClient | null): IntegrationProbe => {
  // Pass the client the route uses (buildApp does) so that its last error shows; settings alone probe a new one.
  const client = config === null || config instanceof LibreTranslateClient ? config : new LibreTranslateClient(config);
  return {
    name: 'translate',
    async check(): Promise<IntegrationState> {
      if (!client) return { name: 'translate', configured: false, reachable: null, lastError: null, detail: null };
      return {
        name: 'translate',
        configured: true,
        reachable: await client.reachable(),
        lastError: client.lastError.get(),
        detail: new URL(client.settings.url).host,
      };
    },
  };
};
