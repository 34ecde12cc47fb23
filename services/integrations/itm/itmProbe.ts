import { adapterProbe, type IntegrationProbe } from '../integrationStatus.ts';
import type { ItmClient } from './itmClient.ts';

/**
 * Admin tools' line for ITM (issue 18 §7, §8): configured when
 * `BUILDON_ITM_URL` is set, reachable when that server answers, the last
 * error a call met. `detail` is the server's host only.
 */
export const itmProbe = (client: ItmClient | null): IntegrationProbe =>
  adapterProbe('itm', client, (itm) => new URL(itm.settings.url).host);
