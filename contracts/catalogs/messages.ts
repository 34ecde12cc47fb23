/**
 * User-facing messages whose wording the specification fixes. The server
 * returns them verbatim in `message`/`detail` (KF6 clients read them), with
 * the code `messages.<key>` (contracts/messageCodes.ts) that the web client
 * translates. Do not reword.
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
  /** Issue 20 §6 (NIST SP 800-63B): 8 characters at least, for every password set anywhere. */
  passwordTooShort: 'The password must be at least 8 characters.',
  newPasswordTooShort: 'The password must be at least 8 characters.',
  passwordIsUserName: 'The password must not be the userName.',
  passwordTooCommon: 'This password is one of the most common passwords. Please choose another one.',
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
  /** Issue 20 §0: a note body beyond `maxNoteDepth` / `maxNoteNodes` (contracts/noteSchema.ts), refused with 400 on `body`. */
  noteTooDeep: 'The note text is nested too deeply: at most 40 levels of lists and quotes inside one another.',
  noteTooLarge: 'The note text has too many parts: at most 20,000 paragraphs, list items and pieces of text.',
} as const;
