import type { IntegrationProbe, IntegrationState } from '../integrationStatus.ts';
import type { ItmClient } from './itmClient.ts';

/**
 * Admin tools' line for ITM (issue 18 §7, §8): configured when
 * `BUILDON_ITM_URL` is set, reachable when that server answers, the last
 * error a call met. `detail` is the server's host only.
 */
export const itmProbe = (client: ItmClient | null): IntegrationProbe => ({
  name: 'itm',
  async check(): Promise<IntegrationState> {
    if (!client) return { name: 'itm', configured: false, reachable: null, lastError: null, detail: null };
    return {
      name: 'itm',
      configured: true,
      reachable: await client.reachable(),
      lastError: client.lastError.get(),
      detail: new URL(client.settings.url).host,
    };
  },
});
