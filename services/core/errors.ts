import { ErrorCode, type FieldError } from '../../contracts/errors.ts';
import { msg, msgWithText, type MessageCode, type MessageParams, type UserMessage } from '../../contracts/messageCodes.ts';

/**
 * Base class of every error the application raises on purpose. `status` is the
 * HTTP status the API answers with; the message is English, safe to show and
 * coded: `messageCode` and `params` are what the web client translates
 * (contracts/messageCodes.ts), `message` is what KF6 clients read.
 */
export class BuildonError extends Error {
  readonly messageCode: MessageCode;
  readonly params: MessageParams | undefined;

  constructor(
    message: UserMessage,
    readonly code: ErrorCode,
    readonly status: number,
    readonly errors?: FieldError[],
  ) {
    super(message.text);
    this.name = new.target.name;
    this.messageCode = message.code;
    this.params = message.params;
  }
}

/** One field's message, coded. */
export const fieldError = (field: string, message: UserMessage): FieldError => ({
  field,
  message: message.text,
  messageCode: message.code,
  ...(message.params ? { params: message.params } : {}),
});

/** Input breaks a rule; `errors` names the fields. */
export class ValidationError extends BuildonError {
  constructor(message: UserMessage, errors?: FieldError[]) {
    super(message, ErrorCode.validation, 400, errors);
  }
  static field(field: string, message: UserMessage): ValidationError {
    return new ValidationError(message, [fieldError(field, message)]);
  }
  /** Several fields at once; the first field's message is the problem's. */
  static fields(errors: FieldError[]): ValidationError {
    const first = errors[0];
    const message = first?.messageCode ? msgWithText(first.messageCode, first.message, first.params) : msg('errors.invalidRequest');
    return new ValidationError(message, errors);
  }
}

export class UnauthorizedError extends BuildonError {
  constructor(message: UserMessage = msg('errors.unauthorized')) {
    super(message, ErrorCode.unauthorized, 401);
  }
}

export class ForbiddenError extends BuildonError {
  constructor(message: UserMessage = msg('errors.forbidden')) {
    super(message, ErrorCode.forbidden, 403);
  }
}

export class NotFoundError extends BuildonError {
  constructor(message: UserMessage = msg('errors.notFound')) {
    super(message, ErrorCode.notFound, 404);
  }
}

/** A call that no longer exists here (a KF6 call Buildon replaces); the message names the replacement. */
export class GoneError extends BuildonError {
  constructor(message: UserMessage) {
    super(message, ErrorCode.gone, 410);
  }
}

/**
 * Too many attempts (wrong keys, wrong passwords; writes, searches or uploads
 * faster than a class works, issue 17 §5): try again after `retryAfterSeconds`
 * (sent as Retry-After). `message` says which limit, with `{seconds}`.
 */
export class TooManyAttemptsError extends BuildonError {
  constructor(
    readonly retryAfterSeconds: number,
    message: UserMessage = msg('errors.tooManyAttempts', { seconds: retryAfterSeconds }),
  ) {
    super(message, ErrorCode.rateLimited, 429);
  }
}

/** A business conflict, e.g. a user name already taken. */
export class ConflictError extends BuildonError {
  constructor(message: UserMessage, errors?: FieldError[]) {
    super(message, ErrorCode.conflict, 409, errors);
  }
  static field(field: string, message: UserMessage): ConflictError {
    return new ConflictError(message, [fieldError(field, message)]);
  }
}

/** The command is valid but not allowed in the aggregate's current state. */
export class IllegalStateError extends BuildonError {
  constructor(message: UserMessage) {
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
    // What a user reads says what to do; the stream and revisions stay for logs (`details`), never in the answer.
    super(msg('errors.concurrency'), ErrorCode.concurrency, 409);
  }

  /** For logs: which stream, which revisions. */
  get details(): string {
    return `Stream ${this.streamName} was changed concurrently (expected revision ${this.expected}, actual ${this.actual})`;
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
    super(msgWithText('errors.duplicate', message));
  }
}

/**
 * A service the server depends on (read store, Redis, event store) does not
 * answer, or not in time: 503 with Retry-After. Never a 401, so nobody is
 * logged out by an outage; nothing was written, so trying again is safe.
 * `dependency` names it (and the setting pointing to it) for the log.
 */
export class ServiceUnavailableError extends BuildonError {
  constructor(
    readonly dependency: string,
    readonly retryAfterSeconds = 5,
    options?: { cause?: unknown; message?: UserMessage },
  ) {
    super(options?.message ?? msg('errors.unavailable', { seconds: retryAfterSeconds }), ErrorCode.unavailable, 503);
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

/**
 * A read model was found damaged (a document whose checksum does not match,
 * a corrupt page): it is never served. The projection owning `collection` is
 * rebuilt from the event log; until then readers get a 503 with Retry-After.
 */
export class ReadModelCorruptError extends ServiceUnavailableError {
  constructor(
    readonly collection: string,
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(`read model ${collection}`, 5, options);
  }

  /** For logs: which read model, what is wrong with it. */
  get details(): string {
    return `The read model ${this.collection} is damaged (${this.detail}): it is being rebuilt from the event log`;
  }
}

/** The disk is full (SQLITE_FULL, ENOSPC): 507, nothing was saved. */
export class StorageFullError extends BuildonError {
  constructor(options?: { cause?: unknown }) {
    super(msg('errors.storageFull'), ErrorCode.storageFull, 507);
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

/**
 * The command's events are stored but the read models did not show them in
 * time: 202 with the ids it created, never a 500 (a client retrying a 500
 * would create everything twice).
 */
export class AcceptedNotVisibleError extends BuildonError {
  constructor(
    readonly ids: readonly string[],
    readonly position: number,
  ) {
    super(msg('errors.accepted'), ErrorCode.accepted, 202);
  }
}
