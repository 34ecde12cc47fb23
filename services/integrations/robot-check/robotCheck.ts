/**
 * The robot check that guards registration. Default: ALTCHA, a self-hosted
 * proof of work (no third party, no cookie). Google reCAPTCHA is used instead
 * when its keys are configured.
 */
export interface RobotCheck {
  readonly provider: 'altcha' | 'recaptcha';
  /** What the browser needs to show the widget. */
  publicConfig(): { provider: 'altcha' | 'recaptcha'; publicKey: string | null; challengeUrl: string | null };
  /** A fresh ALTCHA challenge (reCAPTCHA has none). */
  createChallenge(): Promise<unknown>;
  /**
   * Checks a solution. With `consume`, a valid solution is remembered and
   * refused next time (registration); without, it is only checked.
   */
  verify(solution: string, options: { consume: boolean; remoteIp?: string }): Promise<boolean>;
}
