/**
 * Error codes shared by the server and the web client. Each maps to one HTTP
 * status in services/core/errors.ts.
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
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** One field-level message: `field` is the body/query/params property name. */
export type FieldError = { field: string; message: string };

/**
 * RFC 9457 problem details. `message` repeats `detail` because the original
 * Knowledge Forum clients read `message`.
 */
export type ProblemDetails = {
  type: string;
  title: string;
  status: number;
  detail: string;
  message: string;
  code: ErrorCode;
  errors?: FieldError[];
};
