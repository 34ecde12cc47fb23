import { createRequire } from 'node:module';
import type { dictionary as Dictionary } from '@zxcvbn-ts/language-common';
import type { UserMessage } from '../../../contracts/messageCodes.ts';
import { checkPasswordRule, specMessage } from '../../../contracts/messages.ts';

/**
 * The password policy of issue 20 §6, after NIST SP 800-63B §5.1.1.2: at least
 * 8 characters, not the user name, not a commonly used password; no
 * composition rules. The common passwords are zxcvbn-ts's list (about 49,000
 * passwords from public breach corpora, most frequent first), compared in
 * lower case; shorter ones are refused by length anyway.
 */
let common: ReadonlySet<string> | null = null;
// Loaded at the first password checked, not at start (its lists cost a start ~45 ms).
const commonPasswords = (): ReadonlySet<string> =>
  (common ??= new Set(
    (createRequire(import.meta.url)('@zxcvbn-ts/language-common') as { dictionary: typeof Dictionary }).dictionary['passwords-common']
      .filter((p) => p.length >= 8)
      .map((p) => p.toLowerCase()),
  ));

/** The message for a password the policy refuses, or null when it is acceptable. */
export const checkPassword = (password: string, userName: string): UserMessage | null =>
  checkPasswordRule(password, userName) ?? (commonPasswords().has(password.toLowerCase()) ? specMessage('passwordTooCommon') : null);
