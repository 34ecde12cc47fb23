import { ApiError } from '../lib/api.ts';
import { messageText } from '../lib/messages.ts';

/**
 * What to show for a failed call, in the interface language: the first field
 * message of a 400, else the server's message (both translated from their
 * codes by ApiError); null when the failure was not an API answer.
 */
export const serverMessage = (failure: unknown): string | null =>
  failure instanceof ApiError ? (failure.fieldErrors[0]?.message ?? failure.message) : null;

/**
 * What to show for any failure, in the interface language: the server's
 * message, else `fallback`, else the generic error; never a browser's or a
 * library's English exception text.
 */
export const failureText = (failure: unknown, fallback?: string): string => serverMessage(failure) ?? fallback ?? messageText(undefined);
