import { adapterProbe, type IntegrationProbe } from '../integrationStatus.ts';
import { OidcClient } from './oidcClient.ts';
import type { OidcSettings } from './oidcSettings.ts';

/**
 * Admin tools' line for OpenID Connect sign-in (issue 18 §1, §8): configured
 * when the issuer, client id and secret are set, reachable when the discovery
 * document answers, the last error a sign-in met. `detail` is the issuer's host.
 */
export const oidcProbe = (config: OidcSettings | OidcClient | null): IntegrationProbe => {
  // Pass the client the routes use (buildApp does) so that its last error shows; settings alone probe a new one.
  const client = config === null || config instanceof OidcClient ? config : new OidcClient(config);
  return adapterProbe('oidc', client, (oidc) => new URL(oidc.settings.issuer).host);
};
