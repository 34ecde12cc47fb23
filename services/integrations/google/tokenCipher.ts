import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Refresh tokens at rest (issue 18 §6): AES-256-GCM under a key derived from
 * BUILDON_SECRET with HKDF-SHA256, so the event log holds only ciphertext and
 * a copy of the log without the secret reveals no Google account. The stored
 * form is `v1.<iv>.<tag>.<ciphertext>` in base64url; the user id is bound as
 * additional data, so a ciphertext moved to another user's stream fails.
 */
export class TokenCipher {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'buildon-google', 'refresh-token-v1', 32));
  }

  encrypt(plain: string, userId: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(userId));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
  }

  /** The token, or null when the stored form was not made with this secret for this user. */
  decrypt(stored: string, userId: string): string | null {
    const [version, iv, tag, body] = stored.split('.');
    if (version !== 'v1' || !iv || !tag || body === undefined) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(userId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
