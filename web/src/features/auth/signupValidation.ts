import type { FieldError } from '../../../../contracts/errors.ts';

export type SignupValues = {
  firstName: string;
  lastName: string;
  email: string;
  userName: string;
  password: string;
};

/** One message per field, as the form shows them. */
export type SignupFields = Partial<Record<keyof SignupValues | 'robotCheck', string>>;

const knownFields = new Set(['firstName', 'lastName', 'email', 'userName', 'password', 'robotCheck']);

/**
 * Folds a list of field errors (from `validateRegistration` or a 400/409
 * answer) into the first message per known field.
 */
export const signupFieldErrors = (errors: readonly FieldError[]): SignupFields => {
  const fields: SignupFields = {};
  for (const { field, message } of errors) {
    if (!knownFields.has(field)) continue;
    const key = field as keyof SignupFields;
    fields[key] ??= message;
  }
  return fields;
};
