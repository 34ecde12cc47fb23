import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The HTTP security headers every response carries (issue 17 §1, OWASP ASVS
 * level 2 for a site holding children's work), through @fastify/helmet.
 *
 * The policy fits the built single-page app: scripts only from Buildon's own
 * files (no inline script, no eval); styles may be inline (React's style
 * attributes and the charts' injected <style> elements); images and media may
 * come from blob: and data: URLs (drawings, the word cloud's PNG, an upload's
 * preview); workers from 'self' and blob: (the word cloud's layout, the
 * registration puzzle's solver). Nothing may frame Buildon but Buildon
 * (its view windows), and nothing leaves it as a referrer.
 *
 * Uploaded files set their own, stricter policy (a sandbox) in the upload route.
 * HSTS only when the public address is https: on plain http it would lock a
 * school's test server out of its own address.
 */
export const contentSecurityPolicy = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'media-src': ["'self'", 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'", 'blob:'],
  'frame-src': ["'self'"],
  'frame-ancestors': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
};

export const securityHeaders = fp(
  async (app: FastifyInstance, options: { publicUrl: string | undefined }) => {
    const https = options.publicUrl?.startsWith('https://') ?? false;
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
      // Attachments and pictures may be shown by KF6 clients of other origins (issue 15): not same-origin only.
      crossOriginResourcePolicy: { policy: 'same-site' },
      frameguard: { action: 'sameorigin' },
      referrerPolicy: { policy: 'same-origin' },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    });
  },
  { name: 'security-headers' },
);
