/**
 * CSV row messages of the original (fact sheet §9), plus the enrolment cases
 * it got wrong, as templates: `{userName}` is the row's user name. The codes
 * `csv.<key>` (contracts/messageCodes.ts) carry them to the web client.
 */
export const CsvTexts = {
  firstNameMissing: 'First name not filled in',
  lastNameMissing: 'Last name not filled in',
  emailMissing: 'Email not filled in',
  emailInvalid: 'Email is invalid',
  userNameTooShort: 'Username is too short',
  userNameTooLong: 'Username is too long',
  userNameInvalid: "Username must only contain alphabetic characters, numbers, or '._@-'",
  userNameRepeated: 'Username must be unique. Repeated username : {userName}',
  passwordTooShort: 'Password is too short',
  alreadyMember: '{userName}: already a member of this community',
  unknownUser: '{userName}: no such user',
  /**
   * A row naming an account that exists and is not a member here: the CSV
   * creates accounts only, and says nothing else about that account.
   */
  accountExists: "{userName}: this account exists; invite it with the community's registration key",
} as const;
