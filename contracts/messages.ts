import type { FieldError } from './errors.ts';
import type { UserMessage } from './messageCodes.ts';
import { CsvTexts } from './catalogs/csv.ts';
import { Messages } from './catalogs/messages.ts';

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

/** A message of `Messages` (contracts/catalogs/messages.ts) as a coded message (contracts/messageCodes.ts). */
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

const withUserName = (template: string) => (userName: string) => template.replace('{userName}', userName);

/** The CSV row messages as the server writes them (`CsvTexts` with the user name filled in). */
export const CsvMessages = {
  ...CsvTexts,
  userNameRepeated: withUserName(CsvTexts.userNameRepeated),
  alreadyMember: withUserName(CsvTexts.alreadyMember),
  unknownUser: withUserName(CsvTexts.unknownUser),
  accountExists: withUserName(CsvTexts.accountExists),
} as const;
