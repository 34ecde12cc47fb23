import Papa from 'papaparse';
import type { CsvRowError } from '../../../contracts/api/communities.ts';
import { UserRules } from '../../../contracts/messages.ts';
import { coded, msg, type UserMessage } from '../../../contracts/messageCodes.ts';
import { checkPassword } from '../accounts/passwordPolicy.ts';
import { ValidationError } from '../../core/errors.ts';

/** The largest number of data rows one upload may hold (each row may create an account). */
export const csvMaxRows = 2000;

/** A data row of a CSV file; `index` is its row in the file, the header being row 1. */
export type CsvRow<Column extends string> = { index: number } & Record<Column, string>;

export const userCsvColumns = ['firstName', 'lastName', 'email', 'username', 'password'] as const;
export type UserCsvRow = CsvRow<(typeof userCsvColumns)[number]>;

export const renameCsvColumns = ['firstName', 'lastName', 'userName'] as const;
export type RenameCsvRow = CsvRow<(typeof renameCsvColumns)[number]>;

/** The spec's rule for uploads: the file name must end in csv. */
export const checkCsvFileName = (fileName: string | undefined): void => {
  if (!fileName || !/csv$/i.test(fileName.trim())) throw ValidationError.field('file', msg('community.csvOnly'));
};

/**
 * Parses a CSV file with a header row. Header names are matched to `columns`
 * ignoring case and spaces; other columns are ignored; blank lines are
 * skipped but still counted, so `index` is the row a spreadsheet shows.
 * @throws ValidationError (field `file`) when a column is missing, the file has
 *   no data rows or too many
 */
export const parseCsv = <Column extends string>(text: string, columns: readonly Column[]): CsvRow<Column>[] => {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { header: false, skipEmptyLines: false });
  const [header, ...records] = parsed.data;
  const normalise = (name: string) =>
    name
      .trim()
      .toLowerCase()
      .replace(/[\s_-]/g, '');
  const positions = new Map((header ?? []).map((name, position) => [normalise(name), position] as const));
  const missing = columns.filter((column) => !positions.has(normalise(column)));
  if (missing.length > 0) {
    throw ValidationError.field('file', msg('errors.csvColumnsMissing', { columns: columns.join(', '), missing: missing.join(', ') }));
  }
  const rows: CsvRow<Column>[] = [];
  records.forEach((record, i) => {
    if (record.every((cell) => cell.trim() === '')) return;
    const row = { index: i + 2 } as CsvRow<Column>;
    for (const column of columns) (row as Record<string, string>)[column] = (record[positions.get(normalise(column)) ?? -1] ?? '').trim();
    rows.push(row);
  });
  if (rows.length === 0) throw ValidationError.field('file', msg('errors.csvNoRows'));
  if (rows.length > csvMaxRows) throw ValidationError.field('file', msg('errors.csvTooManyRows', { max: csvMaxRows }));
  return rows;
};

/** What the server knows of an account whose user name appears in the file. */
export type ExistingAccount = { userId: string; email: string; member: boolean };

/**
 * One row's report: its messages joined with ', ' as the original wrote them
 * (`msg`), and the same messages coded for the web client (`messages`).
 */
export const rowReport = (index: number, messages: readonly UserMessage[]): CsvRowError => ({
  index,
  msg: messages.map((message) => message.text).join(', '),
  messages: messages.map(coded),
});

export type UserRowCheck = {
  errors: CsvRowError[];
  notices: CsvRowError[];
};

/**
 * The per-row checks of a user CSV (fact sheet §9), each row's messages joined
 * with ', ', plus what the original never checked: a user name that already
 * belongs to an account with another e-mail is an error; one with the same
 * e-mail is a notice (that account will be enrolled, not created).
 *
 * @param existing accounts found for the file's user names, keyed by lower-cased user name
 */
export const checkUserRows = (rows: UserCsvRow[], existing: ReadonlyMap<string, ExistingAccount>): UserRowCheck => {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const key = row.username.toLowerCase();
    if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const errors: CsvRowError[] = [];
  const notices: CsvRowError[] = [];
  for (const row of rows) {
    const messages: UserMessage[] = [];
    if (!row.firstName) messages.push(msg('csv.firstNameMissing'));
    if (!row.lastName) messages.push(msg('csv.lastNameMissing'));
    if (!row.email) messages.push(msg('csv.emailMissing'));
    else if (!UserRules.emailPattern.test(row.email)) messages.push(msg('csv.emailInvalid'));
    const userName = row.username;
    if (userName.length < UserRules.userNameMin) messages.push(msg('csv.userNameTooShort'));
    else if (userName.length > UserRules.userNameMax) messages.push(msg('csv.userNameTooLong'));
    else if (!UserRules.userNamePattern.test(userName)) messages.push(msg('csv.userNameInvalid'));
    if ((counts.get(userName.toLowerCase()) ?? 0) > 1) messages.push(msg('csv.userNameRepeated', { userName }));
    const account = userName ? existing.get(userName.toLowerCase()) : undefined;
    // The CSV creates accounts only (issue 20 §1): an existing account is never
    // enrolled, and its e-mail or communities are not revealed; members stay a notice.
    if (account && account.member) notices.push(rowReport(row.index, [msg('csv.alreadyMember', { userName })]));
    else if (account) messages.push(msg('csv.accountExists', { userName }));
    // An existing account keeps its password: the row's password is not used.
    const passwordMessage = account ? null : checkPassword(row.password, userName);
    if (passwordMessage) {
      messages.push(passwordMessage.code === 'messages.passwordTooShort' ? msg('csv.passwordTooShort') : passwordMessage);
    }
    if (messages.length > 0) errors.push(rowReport(row.index, messages));
  }
  return { errors, notices };
};
