import { ApiError } from '../lib/api.ts';

/**
 * What to show for a failed call: the first field message of a 400, else the
 * server's message; null when the failure was not an API answer.
 */
export const serverMessage = (failure: unknown): string | null =>
  failure instanceof ApiError ? (failure.fieldErrors[0]?.message ?? failure.message) : null;
