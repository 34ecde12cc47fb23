import type { FieldError } from './errors.ts';
import type { UserMessage } from './messageCodes.ts';

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

/** Spec part 1 §5 and §9: registration rules, shared by client and server. */
export const UserRules = {
  userNameMin: 2,
  userNameMax: 50,
  /** A letter first, then letters, digits and . _ @ - */
  userNamePattern: /^[A-Za-z][A-Za-z0-9._@-]*$/,
  /** NIST SP 800-63B: a minimum length and a list of common passwords, no composition rules. */
  passwordMin: 8,
  newPasswordMin: 8,
  emailPattern: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  adminPageSize: 50,
} as const;

/**
 * A message of `Messages` as a coded message (contracts/messageCodes.ts).
 * Built here without importing messageCodes.ts, which imports this file.
 */
export const specMessage = (key: keyof typeof Messages): UserMessage => ({ code: `messages.${key}`, text: Messages[key] });

const fieldMessage = (field: string, message: UserMessage): FieldError => ({ field, message: message.text, messageCode: message.code });

/**
 * Registration checks in the spec's order. Returns the first message per
 * field, coded; an empty list means the input is acceptable.
 */
export const validateRegistration = (input: {
  email?: string;
  firstName?: string;
  lastName?: string;
  userName?: string;
  password?: string;
}): FieldError[] => {
  const errors: FieldError[] = [];
  const email = (input.email ?? '').trim();
  if (!UserRules.emailPattern.test(email)) errors.push(fieldMessage('email', specMessage('emailInvalid')));
  if (!(input.firstName ?? '').trim()) errors.push(fieldMessage('firstName', specMessage('firstNameRequired')));
  if (!(input.lastName ?? '').trim()) errors.push(fieldMessage('lastName', specMessage('lastNameRequired')));
  const userNameMessage = checkUserName(input.userName ?? '');
  if (userNameMessage) errors.push(fieldMessage('userName', userNameMessage));
  const password = input.password ?? '';
  const passwordMessage = password ? checkPasswordRule(password, input.userName ?? '') : specMessage('passwordRequired');
  if (passwordMessage) errors.push(fieldMessage('password', passwordMessage));
  return errors;
};

/**
 * The password rules a browser can check too: long enough and not the user
 * name (in any case). The server also refuses common passwords
 * (services/api/accounts/passwordPolicy.ts). Returns the message, or null.
 */
export const checkPasswordRule = (password: string, userName: string): UserMessage | null => {
  if (password.length < UserRules.passwordMin) return specMessage('passwordTooShort');
  if (userName && password.trim().toLowerCase() === userName.trim().toLowerCase()) return specMessage('passwordIsUserName');
  return null;
};

/** The userName rule alone (also used by CSV imports). */
export const checkUserName = (userName: string): UserMessage | null => {
  if (!userName) return specMessage('userNameRequired');
  if (userName.length < UserRules.userNameMin) return specMessage('userNameTooShort');
  if (userName.length > UserRules.userNameMax) return specMessage('userNameTooLong');
  if (!UserRules.userNamePattern.test(userName)) return specMessage('userNameInvalid');
  return null;
};

/** Spec part 1 §5 and §8: communities, authors, groups and the help form. Do not reword. */
export const CommunityMessages = {
  /** Issue 20 §1: whose password a manager may reset. */
  resetNotOwnPupil:
    "Managers can reset the passwords of their own community's pupils only (writers who belong to no other community). Ask an administrator.",
  titleRequired: 'Title must be input',
  registrationKeyRequired: 'RegistrationKey must be input',
  /** Issue 20 §2: keys open a class; short ones can be guessed. */
  registrationKeyTooShort: 'A registration key needs at least 6 characters.',
  communityRequired: 'Community must be selected',
  selectCommunity: 'Error: please select community.',
  creationFailed: 'error in creating community',
  saved: 'successed.',
  saveFailed: 'failed.',
  keyMismatch: "The key didn't match.",
  /** Join errors of the original (fact sheet §9). */
  joinWrongKey: 'Le code ne correspond pas.',
  joinAlreadyMember: 'Vous êtes déjà inscrit.',
  joinNoUser: "L'utilisateur n'existe pas.",
  archived: 'This community is archived.',
  notMember: 'You are not a member of this community.',
  blocked: 'Your login to this community has been blocked. Please contact your teacher.',
  managerOnly: 'This action requires the manager role in this community.',
  viewNotFound: 'view not found.',
  alreadyManager: 'The author is already manager.',
  notManager: 'The author is not a manager.',
  cannotMakeYourselfWriter: 'You cannot make yourself a writer.',
  managersEmpty: "manager's length is zero.",
  noAuthorSelected: 'aucun auteur sélectionné.',
  csvOnly: 'Please upload a csv file',
  csvInvalid: 'Following users are not valid. Please correct any errors and reupload the file',
  csvValid: 'All entries are valid. You may submit to database',
  csvSubmitFailed:
    'Following users were not uploaded to the database. Please submit a new excel file with the following corrected entries only.',
  csvSubmitted: 'All users were added to the database except the existing users.',
  scaffoldInUse: 'The scaffold is already in use.',
  defaultLanguageRequired: 'Please select default language',
  helpTitleRequired: 'Title feild can not be empty.',
  helpDescriptionRequired: 'Description feild can not be empty.',
  helpSent: 'Your feedback has been sent to the administrator. ',
  helpFailed: 'Failed to send your feedback.',
  resetSucceeded: 'succeeded.',
} as const;

/** The community titled exactly this is shown to administrators only (fact sheet §3.3). */
export const hiddenCourseCommunityTitle = 'CTL5036H Design Experiments';

/**
 * The default scaffolds of a new community, exact texts and order (fact sheet
 * §6), with the language they are written in (issue 25 §4: the English one
 * carries `lang="en"` wherever it is shown, see contracts/supportMarkup.ts).
 */
export const defaultScaffolds = [
  {
    title: 'Amélioration des idées',
    lang: 'fr',
    supports: [
      'Mon idée',
      'Je prends du recul',
      "J'enrichis l'idée",
      "J'explore une idée différente",
      "Ce qu'en disent les experts",
      "J'ai besoin de comprendre",
      'Mettons notre savoir en commun',
      'Ce que nous savons maintenant',
    ],
  },
  {
    title: 'Theory Building',
    lang: 'en',
    supports: [
      'My theory',
      'New Information',
      'I need to understand',
      'This theory cannot explain',
      'Putting our knowledge together',
      'Our improved theory',
      'Rise above',
    ],
  },
] as const;

export const welcomeViewTitle = 'Bienvenue';

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

const withUserName = (template: string) => (userName: string) => template.replace('{userName}', userName);

/** The CSV row messages as the server writes them (`CsvTexts` with the user name filled in). */
export const CsvMessages = {
  ...CsvTexts,
  userNameRepeated: withUserName(CsvTexts.userNameRepeated),
  alreadyMember: withUserName(CsvTexts.alreadyMember),
  unknownUser: withUserName(CsvTexts.unknownUser),
  accountExists: withUserName(CsvTexts.accountExists),
} as const;
