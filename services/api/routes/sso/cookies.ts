import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The two short-lived cookies of a redirect sign-in (issue 18 §1), without a
 * cookie plugin: their values are base64url (sealed by CookieSealer), so they
 * need no escaping. HttpOnly, SameSite=Lax (sent on the provider's top-level
 * redirect back, never on another site's POST), Secure over https.
 */
export const readCookie = (request: FastifyRequest, name: string): string | undefined => {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
};

export const setCookie = (
  reply: FastifyReply,
  name: string,
  value: string,
  options: { path: string; maxAgeSeconds: number; secure: boolean },
): void => {
  const attributes = [`${name}=${value}`, `Path=${options.path}`, `Max-Age=${options.maxAgeSeconds}`, 'HttpOnly', 'SameSite=Lax'];
  if (options.secure) attributes.push('Secure');
  const previous = reply.getHeader('set-cookie');
  const list = previous === undefined ? [] : Array.isArray(previous) ? previous.map(String) : [String(previous)];
  reply.header('set-cookie', [...list, attributes.join('; ')]);
};

export const clearCookie = (reply: FastifyReply, name: string, path: string, secure: boolean): void =>
  setCookie(reply, name, '', { path, maxAgeSeconds: 0, secure });
