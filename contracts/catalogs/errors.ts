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
  rebuilding: 'Buildon is rebuilding its records after an update ({percent} % done). Nothing was lost; try again in {seconds} s.',
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
  /** KF6's POST /api/notifications/notify (issue 15): Buildon tells readers itself. */
  kf6NotifyGone:
    'This Knowledge Forum 6 call is no longer needed: Buildon tells the readers of a view about new contributions itself, in real time (websocket GET /api/socket).',
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
