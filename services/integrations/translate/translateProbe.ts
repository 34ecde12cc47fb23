import { adapterProbe, type IntegrationProbe } from '../integrationStatus.ts';
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
  return adapterProbe('translate', client, (translate) => new URL(translate.settings.url).host);
};
