import type { IntegrationProbe, IntegrationState } from '../integrationStatus.ts';
import type { ChatCompletionsClient } from './chatCompletionsClient.ts';

/**
 * Admin tools' line for writing help (issue 18 §3, §8): configured when `BUILDON_AI_URL` is set,
 * reachable when its `/models` answers, the last error a request met. `detail` is the server's
 * host and the model name (the offline quick spell-check is always there and needs no line).
 */
export const aiProbe = (client: ChatCompletionsClient | null): IntegrationProbe => ({
  name: 'ai',
  async check(): Promise<IntegrationState> {
    if (!client) return { name: 'ai', configured: false, reachable: null, lastError: null, detail: null };
    return {
      name: 'ai',
      configured: true,
      reachable: await client.reachable(),
      lastError: client.lastError.get(),
      detail: `${new URL(client.settings.url).host} (${client.settings.model})`,
    };
  },
});
