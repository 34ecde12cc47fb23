import type { MessageCode, MessageParams } from './messageCodes.ts';

/**
 * Error codes shared by the server and the web client. Each maps to one HTTP
 * status in services/core/errors.ts. They say what kind of failure it was;
 * `messageCode` (below) says which message to show.
 */
export const ErrorCode = {
  validation: 'validation',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  notFound: 'not_found',
  conflict: 'conflict',
  concurrency: 'concurrency',
  rateLimited: 'rate_limited',
  loginBlocked: 'login_blocked',
  internal: 'internal',
  /** A dependency (read store, Redis, event store) does not answer: 503 with Retry-After. */
  unavailable: 'unavailable',
  /** The disk is full: 507. */
  storageFull: 'storage_full',
  /** Saved, but not yet visible to reads: 202 with the ids created. */
  accepted: 'accepted',
  /** A call of the original Knowledge Forum 6 that Buildon replaces: 410 naming the replacement. */
  gone: 'gone',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/**
 * One field-level message: `field` is the body/query/params property name,
 * `message` the English text (what KF6 clients show), `messageCode` and
 * `params` what the web client translates (contracts/messageCodes.ts).
 */
export type FieldError = { field: string; message: string; messageCode?: MessageCode; params?: MessageParams };

/**
 * RFC 9457 problem details. `message` repeats `detail` because the original
 * Knowledge Forum clients read `message`; both are English and worded as the
 * spec says, or, when the request's `Accept-Language` names a language, that
 * language's text of `messageCode` (services/api/plugins/problemLanguage.ts). `messageCode` names the message in a catalog of
 * contracts/messageCodes.ts (`<catalog>.<key>`, e.g. `messages.loginFailed`)
 * and `params` holds the values its wording needs (a number of seconds, a
 * size limit, a user name): the web client shows the translation of the code,
 * never a mapping of the English text. Field errors carry their own codes.
 */
export type ProblemDetails = {
  type: string;
  title: string;
  status: number;
  detail: string;
  message: string;
  code: ErrorCode;
  messageCode: MessageCode;
  params?: MessageParams;
  errors?: FieldError[];
};
