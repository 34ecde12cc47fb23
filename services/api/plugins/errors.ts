import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode, type FieldError, type ProblemDetails } from '../../../contracts/errors.ts';
import { msg, msgWithText, type MessageCode, type UserMessage } from '../../../contracts/messageCodes.ts';
import {
  AcceptedNotVisibleError,
  BuildonError,
  ConcurrencyError,
  fieldError,
  ServiceUnavailableError,
  StorageFullError,
  TooManyAttemptsError,
} from '../../core/errors.ts';
import { languageOfAcceptHeader, localisedProblem } from './problemLanguage.ts';

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
  507: 'Insufficient Storage',
};

const codeForStatus = (status: number): ErrorCode =>
  status === 401
    ? ErrorCode.unauthorized
    : status === 403
      ? ErrorCode.forbidden
      : status === 404
        ? ErrorCode.notFound
        : status === 409
          ? ErrorCode.conflict
          : status === 429
            ? ErrorCode.rateLimited
            : status >= 500
              ? ErrorCode.internal
              : ErrorCode.validation;

/** The generic message of a status, for failures that bring no message of their own. */
const messageForStatus = (status: number): MessageCode =>
  status === 401
    ? 'errors.unauthorized'
    : status === 403
      ? 'errors.forbidden'
      : status === 404
        ? 'errors.notFound'
        : status === 409
          ? 'errors.conflict'
          : status === 413
            ? 'errors.payloadTooLarge'
            : status === 415
              ? 'errors.unsupportedMediaType'
              : status >= 500
                ? 'errors.internal'
                : 'errors.invalidRequest';

/** Problem details for `message`: its English text in `detail`/`message`, its code and params for the web client. */
export const problem = (status: number, message: UserMessage, code = codeForStatus(status), errors?: FieldError[]): ProblemDetails => ({
  type: `https://buildon.dev/problems/${code}`,
  title: titles[status] ?? 'Error',
  status,
  detail: message.text,
  message: message.text,
  code,
  messageCode: message.code,
  ...(message.params ? { params: message.params } : {}),
  ...(errors && errors.length > 0 ? { errors } : {}),
});

type ValidationItem = { instancePath?: string; keyword?: string; params?: Record<string, unknown>; message?: string };

/**
 * Turns schema-validation errors into field messages (`body.userName` →
 * `userName`). The English text keeps the validator's wording; the code says
 * which rule failed, with the field (and the length limit) as params.
 */
export const fieldErrors = (items: readonly ValidationItem[], context: string | undefined): FieldError[] =>
  items.flatMap((item) => {
    const missing = item.params?.requiredProperties ?? item.params?.missingProperty;
    if (item.keyword === 'required' && missing !== undefined) {
      const fields = (Array.isArray(missing) ? missing : [missing]).map(String);
      return fields.map((field) => fieldError(field, msg('errors.fieldRequired', { field })));
    }
    const field = (item.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || context || 'body';
    const text = `${field} ${item.message ?? 'is invalid'}`;
    const limit = item.params?.limit;
    if ((item.keyword === 'maxLength' || item.keyword === 'minLength') && typeof limit === 'number') {
      return [
        fieldError(
          field,
          msgWithText(item.keyword === 'maxLength' ? 'errors.fieldTooLong' : 'errors.fieldTooShort', text, { field, limit }),
        ),
      ];
    }
    return [fieldError(field, msgWithText('errors.fieldInvalid', text, { field }))];
  });

/**
 * The part of the request a framework refusal is about, so that its 400 names a field like a schema
 * failure does (issue 17 §2): the body for the content parsers (malformed JSON, an empty JSON body,
 * a media type nothing parses), the path for a URL the router cannot read.
 */
const frameworkField = (code: string | undefined): string =>
  code?.startsWith('FST_ERR_CTP_') ? 'body' : code === 'FST_ERR_BAD_URL' || code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'path' : 'request';

/** A Fastify refusal (a status and its message) as problem details naming the part of the request. */
const frameworkProblem = (status: number, error: FastifyError): ProblemDetails => {
  const message = msgWithText(messageForStatus(status), error.message);
  if (![400, 413, 414, 415].includes(status)) return problem(status, message);
  const field = frameworkField(error.code);
  return problem(status, message, codeForStatus(status), [
    fieldError(field, msgWithText('errors.fieldInvalid', `${field}: ${error.message}`, { field })),
  ]);
};

/**
 * Fastify's `frameworkErrors`: a URL the router cannot decode (400) or a path parameter over the
 * router's length limit (414) answers problem JSON naming the path, as every other refusal does.
 */
export const frameworkErrors = (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : (error.statusCode ?? 400);
  // Sent before routing, so no route's hooks run: it is put into the caller's language here.
  const language = languageOfAcceptHeader(request.headers['accept-language']);
  const body = frameworkProblem(status, error);
  void reply
    .status(status)
    .type('application/problem+json')
    .send(language ? localisedProblem(body, language) : body);
};

/** Error codes of a full disk (SQLite, Node's file system). */
const fullCodes = new Set(['SQLITE_FULL', 'ENOSPC', 'EDQUOT']);
/** Codes of a dependency that does not answer: the network, a locked or unreadable database file. */
const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
  'EPIPE',
  'SQLITE_BUSY',
  'SQLITE_CANTOPEN',
  'SQLITE_IOERR',
]);
/** Error classes of the drivers (ioredis, BullMQ, MongoDB, EventStoreDB) for a server that does not answer. */
const unavailableNames = new Set([
  'MaxRetriesPerRequestError',
  'ConnectionClosedError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoServerSelectionError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'UnavailableError',
  'DeadlineExceededError',
  'NotLeaderError',
]);
const unavailableMessages = /Connection is closed|enableOfflineQueue|Command timed out|Socket closed unexpectedly|is closed$/;

/**
 * What an infrastructure failure means for the user: a full disk (507), a
 * dependency that does not answer (503 with Retry-After), or null for
 * anything else (a bug: 500). Looks through `cause` chains and AggregateErrors.
 */
export const infrastructureFailure = (error: unknown, depth = 0): ServiceUnavailableError | StorageFullError | null => {
  if (!(error instanceof Error) || depth > 5) return null;
  if (error instanceof ServiceUnavailableError || error instanceof StorageFullError) return error;
  const code = (error as { code?: unknown }).code;
  if ((typeof code === 'string' && fullCodes.has(code)) || /SQLITE_FULL|database or disk is full|ENOSPC/.test(error.message)) {
    return new StorageFullError({ cause: error });
  }
  if (
    (typeof code === 'string' && unavailableCodes.has(code)) ||
    unavailableNames.has(error.name) ||
    unavailableMessages.test(error.message)
  ) {
    return new ServiceUnavailableError(error.name, 5, { cause: error });
  }
  const inner = error instanceof AggregateError ? error.errors : [error.cause];
  for (const each of inner) {
    const found = infrastructureFailure(each, depth + 1);
    if (found) return found;
  }
  return null;
};

/**
 * One error handler for the whole API: our BuildonErrors keep their status and
 * message, schema failures become 400s naming the field, anything unexpected
 * is logged with the request and answered with a generic 500.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((thrown: FastifyError | BuildonError | Error, request: FastifyRequest, reply: FastifyReply) => {
      const error = thrown instanceof BuildonError ? thrown : (infrastructureFailure(thrown) ?? thrown);
      if (error instanceof AcceptedNotVisibleError) {
        // Stored, not yet readable: the ids let the client find it; retrying would create it twice.
        request.log.warn({ position: error.position, ids: error.ids }, 'read models lag behind a successful command');
        const message = msg('errors.accepted');
        return reply.status(202).send({ accepted: true, ids: error.ids, ...problem(202, message, error.code), title: 'Accepted' });
      }
      if (error instanceof BuildonError) {
        if (error.status >= 500) request.log.error({ err: error.cause ?? error }, 'request failed');
        if (error instanceof TooManyAttemptsError || error instanceof ServiceUnavailableError) {
          void reply.header('retry-after', String(error.retryAfterSeconds));
        }
        if (error instanceof ConcurrencyError) {
          // Retried inside the server already: worth a line in the log, and a hint for the client.
          request.log.warn({ conflict: error.details }, 'concurrency conflict reached the client');
          void reply.header('retry-after', '1');
        }
        const message = msgWithText(error.messageCode, error.message, error.params);
        return reply
          .status(error.status)
          .type('application/problem+json')
          .send(problem(error.status, message, error.code, error.errors));
      }
      const fastifyError = error as FastifyError & { validation?: ValidationItem[]; validationContext?: string };
      if (fastifyError.validation) {
        const errors = fieldErrors(fastifyError.validation, fastifyError.validationContext);
        const first = errors[0];
        const message = first?.messageCode
          ? msgWithText(first.messageCode, errors.map((e) => e.message).join('; '), first.params)
          : msg('errors.invalidRequest');
        return reply
          .status(400)
          .type('application/problem+json')
          .send(problem(400, message, ErrorCode.validation, errors));
      }
      const status = fastifyError.statusCode ?? 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'unexpected error');
        return reply
          .status(500)
          .type('application/problem+json')
          .send(problem(500, msg('errors.internal')));
      }
      return reply.status(status).type('application/problem+json').send(frameworkProblem(status, fastifyError));
    });
  },
  { name: 'buildon-errors' },
);
