/**
 * The translation integration's settings (issue 18 §4), read from the
 * environment by main.ts and handed to buildApp (which reads no environment).
 * Off unless `BUILDON_TRANSLATE_URL` names a LibreTranslate-compatible server
 * (its root: Buildon posts to `{url}/translate`). `BUILDON_TRANSLATE_KEY` is
 * the server's API key when it asks for one; it is sent to that server only,
 * never logged nor shown (the probe names the host alone).
 */
export type TranslateSettings = {
  /** The server's root, without a trailing slash (e.g. `https://translate.school.example`). */
  url: string;
  /** The API key, or '' when the server needs none. */
  apiKey: string;
};

export const translateSettings = (env: NodeJS.ProcessEnv): TranslateSettings | null => {
  const url = (env.BUILDON_TRANSLATE_URL ?? '').trim().replace(/\/+$/, '');
  if (!url) return null;
  const parsed = URL.canParse(url) ? new URL(url) : null;
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw new Error('BUILDON_TRANSLATE_URL must be an http(s) address, e.g. https://translate.example.org');
  }
  return { url, apiKey: env.BUILDON_TRANSLATE_KEY ?? '' };
};
