/**
 * User-facing messages whose wording the specification fixes. The server
 * returns them verbatim; the web client shows them (or the translation of the
 * matching key). Do not reword.
 */
export const Messages = {
  userNameInvalid:
    'The userName cannot be accepted. You can use only alphabetic characters, numbers, and "._@-". Non alphabetic characters cannot be used at the first.',
  userNameTooShort: 'The userName is too short.',
  userNameTooLong: 'The userName is too long.',
  userNameTaken: 'The specified userName is already in use.',
  userNameRequired: 'userName is required',
  emailInvalid: 'Email is invalid',
  firstNameRequired: 'firstName is required',
  lastNameRequired: 'lastName is required',
  passwordRequired: 'password is required',
  passwordTooShort: 'The password must be at least 4 characters.',
  newPasswordTooShort: 'The password must be at least 3 characters.',
  robotCheckRequired: 'Please confirm that you are not a robot',
  incorrectPassword: 'Incorrect password',
  passwordChanged: 'Password successfully changed.',
  /**
   * One message for unknown users and wrong passwords: the original's two
   * messages told anyone which user names exist.
   */
  loginFailed: 'This userName is not registered or the password is not correct.',
  loginBlocked: 'Your login has been blocked. Please contact your teacher or administrator.',
  adminOnly: 'This action requires the administrator role.',
} as const;

/** Spec part 1 §5 and §9: registration rules, shared by client and server. */
export const UserRules = {
  userNameMin: 2,
  userNameMax: 50,
  /** A letter first, then letters, digits and . _ @ - */
  userNamePattern: /^[A-Za-z][A-Za-z0-9._@-]*$/,
  passwordMin: 4,
  newPasswordMin: 3,
  emailPattern: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  adminPageSize: 50,
} as const;

/**
 * Registration checks in the spec's order. Returns the first message per
 * field; an empty list means the input is acceptable.
 */
export const validateRegistration = (input: {
  email?: string;
  firstName?: string;
  lastName?: string;
  userName?: string;
  password?: string;
}): { field: string; message: string }[] => {
  const errors: { field: string; message: string }[] = [];
  const email = (input.email ?? '').trim();
  if (!UserRules.emailPattern.test(email)) errors.push({ field: 'email', message: Messages.emailInvalid });
  if (!(input.firstName ?? '').trim()) errors.push({ field: 'firstName', message: Messages.firstNameRequired });
  if (!(input.lastName ?? '').trim()) errors.push({ field: 'lastName', message: Messages.lastNameRequired });
  const userNameMessage = checkUserName(input.userName ?? '');
  if (userNameMessage) errors.push({ field: 'userName', message: userNameMessage });
  const password = input.password ?? '';
  if (!password) errors.push({ field: 'password', message: Messages.passwordRequired });
  else if (password.length < UserRules.passwordMin)
    {errors.push({ field: 'password', message: Messages.passwordTooShort });}
  return errors;
};

/** The userName rule alone (also used by CSV imports). */
export const checkUserName = (userName: string): string | null => {
  if (!userName) return Messages.userNameRequired;
  if (userName.length < UserRules.userNameMin) return Messages.userNameTooShort;
  if (userName.length > UserRules.userNameMax) return Messages.userNameTooLong;
  if (!UserRules.userNamePattern.test(userName)) return Messages.userNameInvalid;
  return null;
};
