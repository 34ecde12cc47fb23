import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

/** Solves a challenge the way the ALTCHA widget does and returns its base64 payload. */
export const solveAltcha = async (challenge: Challenge): Promise<string> => {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the robot check');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
};

/** Fetches a challenge from a running server and solves it. */
export const solveRobotCheck = async (url: string): Promise<string> => {
  const response = await fetch(`${url}/api/recaptcha/challenge`, { signal: AbortSignal.timeout(30_000) });
  return solveAltcha((await response.json()) as Challenge);
};
