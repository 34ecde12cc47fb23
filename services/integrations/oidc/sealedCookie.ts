import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * A small value the browser keeps for the server (an HttpOnly cookie),
 * encrypted and authenticated with AES-256-GCM under a key derived from
 * BUILDON_SECRET: the browser can neither read it nor forge it. `open` answers
 * null for anything tampered with, sealed under another purpose or expired.
 */
export class CookieSealer {
  private readonly key: Buffer;

  constructor(secret: string, purpose: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'buildon-sealed-cookie', purpose, 32));
  }

  seal(value: object, expiresAtMs: number): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify({ v: value, e: expiresAtMs }), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  open<T>(sealed: string | undefined, nowMs: number): T | null {
    if (!sealed || sealed.length > 4096) return null;
    const bytes = Buffer.from(sealed, 'base64url');
    if (bytes.length < 29) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      const text = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
      const parsed = JSON.parse(text) as { v: T; e: number };
      return typeof parsed.e === 'number' && parsed.e > nowMs ? parsed.v : null;
    } catch {
      return null;
    }
  }
}
