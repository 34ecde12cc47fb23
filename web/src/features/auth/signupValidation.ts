import type { FieldError } from '../../../../contracts/errors.ts';
import type { CodedMessage } from '../../../../contracts/messageCodes.ts';

export type SignupValues = {
  firstName: string;
  lastName: string;
  email: string;
  userName: string;
  password: string;
};

/** One message per field, as a code the form translates. */
export type SignupFields = Partial<Record<keyof SignupValues | 'robotCheck', CodedMessage>>;

const knownFields = new Set(['firstName', 'lastName', 'email', 'userName', 'password', 'robotCheck']);

/**
 * Folds a list of field errors (from `validateRegistration` or a 400/409
 * answer) into the first message per known field, by code.
 */
export const signupFieldErrors = (errors: readonly FieldError[]): SignupFields => {
  const fields: SignupFields = {};
  for (const { field, messageCode, params } of errors) {
    if (!knownFields.has(field)) continue;
    const key = field as keyof SignupFields;
    fields[key] ??= messageCode
      ? { messageCode, ...(params ? { params } : {}) }
      : { messageCode: 'errors.fieldInvalid', params: { field } };
  }
  return fields;
};
