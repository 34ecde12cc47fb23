/**
 * The ITM integration's settings (issue 18 §7; spec part 1 §7): Knowledge
 * Forum's Idea Thread Mapper, called when a community turns its `itm` plugin
 * on. Off unless `BUILDON_ITM_URL` names the ITM server. Unlike the original:
 *
 * - Buildon calls ITM from the server, in jobs with retries; a pupil's browser
 *   never talks to it and never hands it the pupil's session token. ITM gets
 *   `BUILDON_ITM_KEY`, the key the ITM operator gave this server, as `token`.
 * - A community's `settings.itmServer` is honoured only when its origin is the
 *   configured server's or one of `BUILDON_ITM_ALLOWED_ORIGINS`: a manager
 *   cannot make the server post notes to an address of their choice (inside
 *   the school's network, say).
 * - Registration keys are never sent (the original's `community/add` sent both).
 */
export type ItmSettings = {
  /** The default ITM server's root, without a trailing slash. */
  url: string;
  /** The key sent as `token`; '' when the server asks for none. */
  key: string;
  /** Origins (`https://itm.school.example`) a community's `itmServer` may name, the default's included. */
  allowedOrigins: string[];
  /** Tries of each call, the first included, and the wait between tries (ms). */
  attempts: number;
  backoffMs: number;
  /** This server's public address (BUILDON_PUBLIC_URL), which ITM calls back (`community_url`). */
  publicUrl: string;
};

const originOf = (value: string, name: string): string => {
  const parsed = URL.canParse(value) ? new URL(value) : null;
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw new Error(`${name} must be http(s) addresses, e.g. https://itm.example.org`);
  }
  return parsed.origin;
};

const positive = (value: string | undefined, fallback: number, name: string): number => {
  if (value === undefined || value.trim() === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a whole number`);
  return parsed;
};

export const itmSettings = (env: NodeJS.ProcessEnv): ItmSettings | null => {
  const url = (env.BUILDON_ITM_URL ?? '').trim().replace(/\/+$/, '');
  if (!url) return null;
  const own = originOf(url, 'BUILDON_ITM_URL');
  const others = (env.BUILDON_ITM_ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((each) => each.trim())
    .filter(Boolean)
    .map((each) => originOf(each, 'BUILDON_ITM_ALLOWED_ORIGINS'));
  return {
    url,
    key: env.BUILDON_ITM_KEY ?? '',
    allowedOrigins: [...new Set([own, ...others])],
    attempts: Math.max(1, positive(env.BUILDON_ITM_ATTEMPTS, 5, 'BUILDON_ITM_ATTEMPTS')),
    backoffMs: positive(env.BUILDON_ITM_BACKOFF_MS, 30_000, 'BUILDON_ITM_BACKOFF_MS'),
    publicUrl: (env.BUILDON_PUBLIC_URL ?? '').replace(/\/+$/, ''),
  };
};

/**
 * The ITM server of a community: its context's `settings.itmServer` when that
 * starts with http and its origin is allowed (trailing `/` stripped, as the
 * original did), else the configured one.
 */
export const itmServerOf = (settings: ItmSettings, contextSettings: unknown): string => {
  const chosen = (contextSettings as { itmServer?: unknown } | undefined)?.itmServer;
  if (typeof chosen !== 'string' || !chosen.startsWith('http') || !URL.canParse(chosen)) return settings.url;
  const trimmed = chosen.trim().replace(/\/+$/, '');
  return settings.allowedOrigins.includes(new URL(trimmed).origin) ? trimmed : settings.url;
};
