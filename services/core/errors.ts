import { ErrorCode, type FieldError } from '../../contracts/errors.ts';

/**
 * Base class of every error the application raises on purpose. `status` is the
 * HTTP status the API answers with; the message is safe to show to users.
 */
export class BuildonError extends Error {
  constructor(
    message: string,
    readonly code: ErrorCode,
    readonly status: number,
    readonly errors?: FieldError[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** Input breaks a rule; `errors` names the fields. */
export class ValidationError extends BuildonError {
  constructor(message: string, errors?: FieldError[]) {
    super(message, ErrorCode.validation, 400, errors);
  }
  static field(field: string, message: string): ValidationError {
    return new ValidationError(message, [{ field, message }]);
  }
}

export class UnauthorizedError extends BuildonError {
  constructor(message = 'Authentication required') {
    super(message, ErrorCode.unauthorized, 401);
  }
}

export class ForbiddenError extends BuildonError {
  constructor(message = 'Forbidden') {
    super(message, ErrorCode.forbidden, 403);
  }
}

export class NotFoundError extends BuildonError {
  constructor(message = 'Not found') {
    super(message, ErrorCode.notFound, 404);
  }
}

/** Too many failed attempts (wrong keys, wrong passwords): try again after `retryAfterSeconds`. */
export class TooManyAttemptsError extends BuildonError {
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many attempts. Try again in ${retryAfterSeconds} s.`, ErrorCode.rateLimited, 429);
  }
}

/** A business conflict, e.g. a user name already taken. */
export class ConflictError extends BuildonError {
  constructor(message: string, errors?: FieldError[]) {
    super(message, ErrorCode.conflict, 409, errors);
  }
}

/** The command is valid but not allowed in the aggregate's current state. */
export class IllegalStateError extends BuildonError {
  constructor(message: string) {
    super(message, ErrorCode.conflict, 409);
  }
}

/**
 * An append's expected revision did not match the stream: someone else wrote
 * first. Command handlers retry when the caller did not pin a revision.
 */
export class ConcurrencyError extends BuildonError {
  constructor(
    readonly streamName: string,
    readonly expected: string,
    readonly actual: string,
  ) {
    super(
      `Stream ${streamName} was changed concurrently (expected revision ${expected}, actual ${actual})`,
      ErrorCode.concurrency,
      409,
    );
  }
}

/**
 * A read store refused a second document with the same unique key. Each
 * read-store adapter throws a subclass, so callers catch this one whatever
 * the store; over HTTP it is a 409.
 */
export class DuplicateKeyError extends ConflictError {
  constructor(
    readonly collection: string,
    message: string,
  ) {
    super(message);
  }
}
