import { describe, expect, it } from 'vitest';
import { validateRegistration } from '../../../../contracts/messages.ts';
import { Messages } from '../../../../contracts/catalogs/messages.ts';
import { signupFieldErrors } from './signupValidation.ts';

const valid = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', userName: 'ada.l', password: 'analytical-engine' };
const errorsFor = (input: Partial<typeof valid>) => signupFieldErrors(validateRegistration({ ...valid, ...input }));
const code = (messageCode: string) => ({ messageCode });

describe('registration form validation (the server rules, from contracts/messages.ts)', () => {
  it('accepts a valid form', () => {
    expect(errorsFor({})).toEqual({});
  });

  it('names the spec message of each field by its code', () => {
    expect(errorsFor({ email: 'nope' })).toEqual({ email: code('messages.emailInvalid') });
    expect(errorsFor({ firstName: ' ' })).toEqual({ firstName: code('messages.firstNameRequired') });
    expect(errorsFor({ lastName: '' })).toEqual({ lastName: code('messages.lastNameRequired') });
    expect(errorsFor({ userName: 'a' })).toEqual({ userName: code('messages.userNameTooShort') });
    expect(errorsFor({ userName: `a${'b'.repeat(50)}` })).toEqual({ userName: code('messages.userNameTooLong') });
    expect(errorsFor({ userName: '1abc' })).toEqual({ userName: code('messages.userNameInvalid') });
    expect(errorsFor({ password: '' })).toEqual({ password: code('messages.passwordRequired') });
    expect(errorsFor({ password: 'abc' })).toEqual({ password: code('messages.passwordTooShort') });
    expect(errorsFor({ password: 'ADA.L' })).toEqual({ password: code('messages.passwordTooShort') });
    expect(errorsFor({ userName: 'ada.lovelace', password: 'Ada.Lovelace' })).toEqual({ password: code('messages.passwordIsUserName') });
  });

  it('keeps the spec wording in the English text the server also sends', () => {
    expect(validateRegistration({ ...valid, userName: 'a' })).toEqual([
      { field: 'userName', message: Messages.userNameTooShort, messageCode: 'messages.userNameTooShort' },
    ]);
  });

  it('keeps one message per field and places server answers, robotCheck included; a field error without a code is a generic one', () => {
    expect(
      signupFieldErrors([
        { field: 'userName', message: Messages.userNameTaken, messageCode: 'messages.userNameTaken' },
        { field: 'userName', message: 'second', messageCode: 'messages.userNameTooShort' },
        { field: 'robotCheck', message: Messages.robotCheckRequired, messageCode: 'messages.robotCheckRequired' },
        { field: 'email', message: 'no code' },
        { field: 'unknown', message: 'ignored', messageCode: 'errors.invalidRequest' },
      ]),
    ).toEqual({
      userName: code('messages.userNameTaken'),
      robotCheck: code('messages.robotCheckRequired'),
      email: { messageCode: 'errors.fieldInvalid', params: { field: 'email' } },
    });
  });
});
