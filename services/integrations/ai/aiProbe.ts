import { adapterProbe, type IntegrationProbe } from '../integrationStatus.ts';
import type { ChatCompletionsClient } from './chatCompletionsClient.ts';

/**
 * Admin tools' line for writing help (issue 18 §3, §8): configured when `BUILDON_AI_URL` is set,
 * reachable when its `/models` answers, the last error a request met. `detail` is the server's
 * host and the model name (the offline quick spell-check is always there and needs no line).
 */
export const aiProbe = (client: ChatCompletionsClient | null): IntegrationProbe =>
  adapterProbe('ai', client, (chat) => `${new URL(chat.settings.url).host} (${chat.settings.model})`);
