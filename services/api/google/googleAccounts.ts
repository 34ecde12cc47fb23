import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { googleAccountStreamName, type GoogleEvent } from '../../../contracts/events/google.ts';
import { msg } from '../../../contracts/messageCodes.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import type { CommandDeps } from '../../core/commandDeps.ts';
import { ConflictError, ServiceUnavailableError, ValidationError } from '../../core/errors.ts';
import type { OnceStore } from '../../core/onceStore.ts';
import { GoogleApiError, type GoogleClient } from '../../integrations/google/googleClient.ts';
import { TokenCipher } from '../../integrations/google/tokenCipher.ts';

/** How long a consent page's state stays good. */
const stateTtlMs = 10 * 60_000;

export type GoogleAccountsDeps = CommandDeps & { client: GoogleClient; secret: string; once: OnceStore };

/** Google's refusal or silence as the user sees it: 503, "Google did not answer". */
export const unavailable = (error: unknown): never => {
  if (error instanceof GoogleApiError) {
    throw new ServiceUnavailableError('google', 30, { cause: error, message: msg('google.unavailable') });
  }
  throw error;
};

/**
 * The OAuth 2.0 side of the integration: the state that binds a consent page
 * to the signed-in user (CSRF: a code arriving with another user's state, a
 * forged one or one used before is refused), the code exchange, and the
 * refresh token kept encrypted in the user's `googleAccount-` stream.
 */
export class GoogleAccounts {
  private readonly cipher: TokenCipher;
  private readonly stateKey: Buffer;

  constructor(private readonly deps: GoogleAccountsDeps) {
    this.cipher = new TokenCipher(deps.secret);
    this.stateKey = Buffer.from(hkdfSync('sha256', deps.secret, 'buildon-google', 'oauth-state-v1', 32));
  }

  /** Whether the user has a usable refresh token stored (checkStatus). */
  async authorised(user: UserDocument): Promise<boolean> {
    return (await this.refreshToken(user._id)) !== null;
  }

  /** The consent page's address for this user, coming back to `viewId` (getOAuthUrl). */
  consentUrl(user: UserDocument, viewId: string): string {
    const expires = this.deps.clock.now().getTime() + stateTtlMs;
    const payload = `${user._id}.${viewId}.${expires}.${randomBytes(12).toString('base64url')}`;
    return this.deps.client.authorizationUrl(`${payload}.${this.sign(payload)}`);
  }

  /**
   * The consent page's return (getToken): checks the state, trades the code
   * and stores the refresh token. Answers the view to go back to.
   */
  async complete(code: string, state: string): Promise<{ userId: string; viewId: string }> {
    const parts = state.split('.');
    const [userId, viewId, expires, nonce, signature] = parts;
    const payload = parts.slice(0, 4).join('.');
    const expected = this.sign(payload);
    const valid =
      parts.length === 5 &&
      userId &&
      viewId &&
      nonce &&
      signature &&
      signature.length === expected.length &&
      timingSafeEqual(Buffer.from(signature), Buffer.from(expected)) &&
      Number(expires) > this.deps.clock.now().getTime();
    if (!valid || !(await this.deps.once.claim(`google-state:${nonce}`, stateTtlMs))) {
      throw ValidationError.field('state', msg('google.badState'));
    }
    const tokens = await this.deps.client.exchangeCode(code).catch(unavailable);
    // Google sends a refresh token only with prompt=consent; without one there is nothing to keep.
    if (!tokens.refreshToken) throw new ServiceUnavailableError('google', 30, { message: msg('google.unavailable') });
    await this.append(userId, {
      type: 'GoogleAccountLinked',
      data: { userId, refreshToken: this.cipher.encrypt(tokens.refreshToken, userId) },
    });
    return { userId, viewId };
  }

  /** A fresh access token for the user; 409 when none is stored or Google refuses the stored one. */
  async accessToken(userId: string): Promise<string> {
    const refreshToken = await this.refreshToken(userId);
    if (!refreshToken) throw new ConflictError(msg('google.notAuthorised'));
    try {
      return await this.deps.client.accessToken(refreshToken);
    } catch (error) {
      // A revoked or expired grant: forget it, so that the next try leads to the consent page.
      if (error instanceof GoogleApiError && (error.status === 400 || error.status === 401)) {
        await this.append(userId, { type: 'GoogleAccountUnlinked', data: { userId } });
        throw new ConflictError(msg('google.notAuthorised'));
      }
      return unavailable(error);
    }
  }

  private async refreshToken(userId: string): Promise<string | null> {
    const { events } = await this.deps.eventStore.readStream<GoogleEvent>(googleAccountStreamName(userId));
    const last = events.at(-1);
    if (last?.type !== 'GoogleAccountLinked') return null;
    return this.cipher.decrypt(last.data.refreshToken, userId);
  }

  private async append(userId: string, event: GoogleEvent): Promise<void> {
    const at = this.deps.clock.now().toISOString();
    await this.deps.eventStore.append(googleAccountStreamName(userId), [{ ...event, metadata: { actorId: userId, at } }]);
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.stateKey).update(payload).digest('base64url');
  }
}
