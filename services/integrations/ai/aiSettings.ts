/**
 * The writing-help integration's settings (issue 18 §3), read from the environment by main.ts
 * and handed to buildApp. The quick spell-check needs none (offline Hunspell dictionaries). The
 * chat modes (full correction, explanations) are off unless `BUILDON_AI_URL` names an
 * OpenAI-compatible server (its base, e.g. `https://api.example.org/v1`: Buildon posts to
 * `{url}/chat/completions`). `BUILDON_AI_KEY` is its bearer key, sent to that server only, never
 * logged nor shown; `BUILDON_AI_MODEL` the model name (`gpt-4o-mini` by default).
 */
export type AiSettings = {
  url: string;
  apiKey: string;
  model: string;
};

export const defaultAiModel = 'gpt-4o-mini';

export const aiSettings = (env: NodeJS.ProcessEnv): AiSettings | null => {
  const url = (env.BUILDON_AI_URL ?? '').trim().replace(/\/+$/, '');
  if (!url) return null;
  const parsed = URL.canParse(url) ? new URL(url) : null;
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw new Error('BUILDON_AI_URL must be an http(s) address, e.g. https://api.example.org/v1');
  }
  return { url, apiKey: env.BUILDON_AI_KEY ?? '', model: (env.BUILDON_AI_MODEL ?? '').trim() || defaultAiModel };
};
