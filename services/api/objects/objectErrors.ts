import type { CurrentVersion } from '../../../contracts/api/objects.ts';
import { ErrorCode } from '../../../contracts/errors.ts';
import { msg } from '../../../contracts/messageCodes.ts';
import { BuildonError, ConflictError, fieldError } from '../../core/errors.ts';

/** A save refused because someone else changed the content since the editor loaded it (409). */
export class EditConflictError extends ConflictError {
  constructor(readonly current: CurrentVersion) {
    super(msg('objects.conflict'));
  }
}

/** An upload over the configured limit (413). */
export class UploadTooLargeError extends BuildonError {
  constructor(limitBytes: number) {
    const limit = Math.round((limitBytes / (1024 * 1024)) * 100) / 100;
    const message = msg('objects.fileTooLarge', { limit });
    super(message, ErrorCode.validation, 413, [fieldError('file', message)]);
  }
}
