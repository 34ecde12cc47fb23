import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { createHash } from 'node:crypto';
import type { OnceStore } from '../../core/onceStore.ts';
import type { RobotCheck } from './robotCheck.ts';

export type AltchaOptions = {
  hmacSecret: string;
  once: OnceStore;
  /** Challenge lifetime (default 10 minutes); a solution is remembered as long. */
  expiresMs?: number;
  /**
   * Work per challenge: iterated SHA-256 `cost` times per counter, counter drawn
   * from [counterMin, counterMax]. The defaults take well under a second in a
   * browser and are tuned down in tests.
   */
  cost?: number;
  counterMin?: number;
  counterMax?: number;
};

type AltchaPayload = { challenge: Challenge; solution: Solution };

const isPayload = (value: unknown): value is AltchaPayload => {
  if (typeof value !== 'object' || value === null) return false;
  const { challenge, solution } = value as Record<string, unknown>;
  return (
    typeof challenge === 'object' &&
    challenge !== null &&
    'parameters' in challenge &&
    typeof solution === 'object' &&
    solution !== null &&
    'counter' in solution &&
    'derivedKey' in solution
  );
};

/** Decodes the widget's base64 JSON payload; null when it is not one. */
export const decodeAltchaPayload = (solution: string): AltchaPayload | null => {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(solution, 'base64').toString('utf8'));
    return isPayload(parsed) ? parsed : null;
  } catch {
    return null;
  }
};

export class AltchaRobotCheck implements RobotCheck {
  readonly provider = 'altcha' as const;
  private readonly expiresMs: number;

  constructor(private readonly options: AltchaOptions) {
    this.expiresMs = options.expiresMs ?? 10 * 60_000;
  }

  publicConfig() {
    return { provider: this.provider, publicKey: null, challengeUrl: '/api/recaptcha/challenge' };
  }

  createChallenge(): Promise<Challenge> {
    return createChallenge({
      algorithm: 'SHA-256',
      cost: this.options.cost ?? 50,
      counter: randomInt(this.options.counterMax ?? 5_000) + (this.options.counterMin ?? 1_000),
      deriveKey,
      expiresAt: new Date(Date.now() + this.expiresMs),
      hmacSignatureSecret: this.options.hmacSecret,
    });
  }

  async verify(solution: string, options: { consume: boolean }): Promise<boolean> {
    const payload = decodeAltchaPayload(solution);
    if (!payload) return false;
    let result;
    try {
      result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: this.options.hmacSecret,
      });
    } catch {
      return false;
    }
    if (!result.verified) return false;
    if (!options.consume) return true;
    // The signed challenge identifies the solution: each is accepted once.
    const key = createHash('sha256')
      .update(payload.challenge.signature ?? JSON.stringify(payload.challenge.parameters))
      .digest('hex');
    return this.options.once.claim(`altcha:${key}`, this.expiresMs + 60_000);
  }
}
