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
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/**
 * The server's own refusals that no other catalog words: generic answers per
 * status, request-level checks and a few one-off refusals. Codes `errors.<key>`
 * (contracts/messageCodes.ts); `{name}` is a value sent in `params`.
 */
export const ErrorMessages = {
  unauthorized: 'Authentication required',
  forbidden: 'Forbidden',
  notFound: 'Not found',
  conflict: 'This was changed by someone else. Reload and try again.',
  concurrency: 'Someone else changed this at the same moment. Try again.',
  duplicate: 'This already exists.',
  internal: 'Something went wrong on our side.',
  unavailable: 'The server cannot reach one of its services right now. Nothing was lost; try again in {seconds} s.',
  storageFull: 'The server has no disk space left, so nothing could be saved. Tell your teacher or the administrator.',
  accepted: 'Saved. It will appear in a moment.',
  invalidRequest: 'Invalid request',
  tooManyAttempts: 'Too many attempts. Try again in {seconds} s.',
  payloadTooLarge: 'The request is too large.',
  unsupportedMediaType: 'This kind of content is not accepted here.',
  noRoute: 'No route {method} {path}',
  /** Schema validation: `{field}` is the body/query/params property. */
  fieldRequired: '{field} is required',
  fieldInvalid: '{field} is invalid',
  fieldTooLong: '{field} must NOT have more than {limit} characters',
  fieldTooShort: '{field} must NOT have fewer than {limit} characters',
  badDateTime: '{field} must be an ISO date-time',
  jsonTooDeep: 'The request is nested more than {depth} levels deep.',
  sessionEnded: 'Your session has ended. Please log in again.',
  userNotFound: 'User not found',
  userAlreadyRegistered: 'User already registered',
  unsupportedLanguage: 'Unsupported language: {lang}',
  authorNotFound: 'Author not found',
  communityNotFound: 'Community not found',
  communitySettingsNotFound: 'Community settings not found',
  historicalNotFound: 'Historical object not found',
  jobNotFound: 'Job not found',
  unknownProjection: 'Unknown projection: {projection}',
  joinSelfOnly: 'You can only join a community yourself.',
  orderOwnOnly: 'Only your own communities can be ordered.',
  cannotDemoteSelf: 'You cannot demote or block yourself.',
  institutionalLoginOff: 'Institutional login is not configured on this server.',
  noRobotChallenge: 'The active robot check has no challenge.',
  csvColumnsMissing: 'The CSV file needs a header row with the columns {columns}; missing: {missing}',
  csvNoRows: 'The CSV file has no rows below its header.',
  csvTooManyRows: 'A CSV file may hold at most {max} rows.',
} as const;

/**
 * One field-level message: `field` is the body/query/params property name,
 * `message` the English text (what KF6 clients show), `messageCode` and
 * `params` what the web client translates (contracts/messageCodes.ts).
 */
export type FieldError = { field: string; message: string; messageCode?: MessageCode; params?: MessageParams };

/**
 * RFC 9457 problem details. `message` repeats `detail` because the original
 * Knowledge Forum clients read `message`; both stay English and worded as the
 * spec says. `messageCode` names the message in a catalog of
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
