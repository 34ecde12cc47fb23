import { describe, expect, it } from 'vitest';
import { Messages, validateRegistration } from '../../../../contracts/messages.ts';
import { signupFieldErrors } from './signupValidation.ts';

const valid = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', userName: 'ada.l', password: 'analytical-engine' };
const errorsFor = (input: Partial<typeof valid>) => signupFieldErrors(validateRegistration({ ...valid, ...input }));

describe('registration form validation (the server rules, from contracts/messages.ts)', () => {
  it('accepts a valid form', () => {
    expect(errorsFor({})).toEqual({});
  });

  it('shows the spec messages per field', () => {
    expect(errorsFor({ email: 'nope' })).toEqual({ email: Messages.emailInvalid });
    expect(errorsFor({ firstName: ' ' })).toEqual({ firstName: Messages.firstNameRequired });
    expect(errorsFor({ lastName: '' })).toEqual({ lastName: Messages.lastNameRequired });
    expect(errorsFor({ userName: 'a' })).toEqual({ userName: 'The userName is too short.' });
    expect(errorsFor({ userName: `a${'b'.repeat(50)}` })).toEqual({ userName: 'The userName is too long.' });
    expect(errorsFor({ userName: '1abc' })).toEqual({
      userName:
        'The userName cannot be accepted. You can use only alphabetic characters, numbers, and "._@-". Non alphabetic characters cannot be used at the first.',
    });
    expect(errorsFor({ password: '' })).toEqual({ password: Messages.passwordRequired });
    expect(errorsFor({ password: 'abc' })).toEqual({ password: Messages.passwordTooShort });
    expect(errorsFor({ password: 'ADA.L' })).toEqual({ password: Messages.passwordTooShort });
    expect(errorsFor({ userName: 'ada.lovelace', password: 'Ada.Lovelace' })).toEqual({ password: Messages.passwordIsUserName });
  });

  it('keeps one message per field and places server answers, robotCheck included', () => {
    expect(
      signupFieldErrors([
        { field: 'userName', message: Messages.userNameTaken },
        { field: 'userName', message: 'second' },
        { field: 'robotCheck', message: Messages.robotCheckRequired },
        { field: 'unknown', message: 'ignored' },
      ]),
    ).toEqual({ userName: Messages.userNameTaken, robotCheck: Messages.robotCheckRequired });
  });
});
