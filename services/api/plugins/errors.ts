import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode, type FieldError, type ProblemDetails } from '../../../contracts/errors.ts';
import { BuildonError, TooManyAttemptsError } from '../../core/errors.ts';

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
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

export const problem = (status: number, detail: string, code = codeForStatus(status), errors?: FieldError[]): ProblemDetails => ({
  type: `https://buildon.dev/problems/${code}`,
  title: titles[status] ?? 'Error',
  status,
  detail,
  message: detail,
  code,
  ...(errors && errors.length > 0 ? { errors } : {}),
});

type ValidationItem = { instancePath?: string; keyword?: string; params?: Record<string, unknown>; message?: string };

/** Turns schema-validation errors into field messages (`body.userName` → `userName`). */
export const fieldErrors = (items: readonly ValidationItem[], context: string | undefined): FieldError[] =>
  items.flatMap((item) => {
    const missing = item.params?.requiredProperties ?? item.params?.missingProperty;
    if (item.keyword === 'required' && missing !== undefined) {
      const fields = (Array.isArray(missing) ? missing : [missing]).map(String);
      return fields.map((field) => ({ field, message: `${field} is required` }));
    }
    const field = (item.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || context || 'body';
    return [{ field, message: `${field} ${item.message ?? 'is invalid'}` }];
  });

/**
 * One error handler for the whole API: our BuildonErrors keep their status and
 * message, schema failures become 400s naming the field, anything unexpected
 * is logged with the request and answered with a generic 500.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | BuildonError | Error, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof BuildonError) {
        if (error.status >= 500) request.log.error({ err: error }, 'request failed');
        if (error instanceof TooManyAttemptsError) void reply.header('retry-after', String(error.retryAfterSeconds));
        return reply.status(error.status).type('application/problem+json').send(problem(error.status, error.message, error.code, error.errors));
      }
      const fastifyError = error as FastifyError & { validation?: ValidationItem[]; validationContext?: string };
      if (fastifyError.validation) {
        const errors = fieldErrors(fastifyError.validation, fastifyError.validationContext);
        return reply
          .status(400)
          .type('application/problem+json')
          .send(problem(400, errors.map((e) => e.message).join('; ') || 'Invalid request', ErrorCode.validation, errors));
      }
      const status = fastifyError.statusCode ?? 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'unexpected error');
        return reply.status(500).type('application/problem+json').send(problem(500, 'Something went wrong on our side.'));
      }
      return reply.status(status).type('application/problem+json').send(problem(status, error.message));
    });
  },
  { name: 'buildon-errors' },
);
