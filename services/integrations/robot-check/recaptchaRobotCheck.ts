import type { OnceStore } from '../../core/onceStore.ts';
import type { RobotCheck } from './robotCheck.ts';

export type RecaptchaOptions = {
  siteKey: string;
  secretKey: string;
  once: OnceStore;
  /** Injected for tests; defaults to global fetch. */
  fetch?: typeof fetch;
  verifyUrl?: string;
};

/** Google reCAPTCHA v2, used only when both keys are configured. */
export class RecaptchaRobotCheck implements RobotCheck {
  readonly provider = 'recaptcha' as const;

  constructor(private readonly options: RecaptchaOptions) {}

  publicConfig() {
    return { provider: this.provider, publicKey: this.options.siteKey, challengeUrl: null };
  }

  createChallenge(): Promise<unknown> {
    return Promise.resolve(null);
  }

  async verify(token: string, options: { consume: boolean; remoteIp?: string }): Promise<boolean> {
    if (!token) return false;
    const body = new URLSearchParams({ secret: this.options.secretKey, response: token });
    if (options.remoteIp) body.set('remoteip', options.remoteIp);
    const doFetch = this.options.fetch ?? fetch;
    try {
      const response = await doFetch(this.options.verifyUrl ?? 'https://www.google.com/recaptcha/api/siteverify', {
        method: 'POST',
        body,
        signal: AbortSignal.timeout(5_000),
      });
      const result = (await response.json()) as { success?: boolean };
      if (result.success !== true) return false;
    } catch {
      return false;
    }
    // Google refuses a reused token itself; we remember it as well.
    return options.consume ? this.options.once.claim(`recaptcha:${token}`, 10 * 60_000) : true;
  }
}
