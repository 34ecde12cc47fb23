import type { CsvRowError } from '../../../../contracts/api/communities.ts';
import { msg, msgWithText, type MessageCode } from '../../../../contracts/messageCodes.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import { BuildonError, ConflictError, fieldError, ValidationError } from '../../../core/errors.ts';
import type { CommunityAccessGrant } from '../../communities/access.ts';
import { authorCollections, enrol, type AuthorServiceDeps } from '../authorContext.ts';
import { checkUserRows, parseCsv, rowReport, userCsvColumns, type ExistingAccount, type UserCsvRow } from '../csv.ts';

export type CsvValidation = {
  valid: boolean;
  rows: number;
  errors: CsvRowError[];
  notices: CsvRowError[];
  message: string;
  messageCode: MessageCode;
};
export type CsvSubmission = {
  created: number;
  enrolled: number;
  errors: CsvRowError[];
  notices: CsvRowError[];
  message: string;
  messageCode: MessageCode;
};

/** Checks that the caller manages the community named by the upload (before the file is read). */
export const csvAccess = (deps: AuthorServiceDeps, caller: UserDocument, communityId: string): Promise<CommunityAccessGrant> =>
  deps.access.manager(caller, communityId);

/** The accounts the CSV names that exist already, by lower-case user name, and whether each is a member here. */
const existingAccounts = async (
  deps: AuthorServiceDeps,
  communityId: string,
  rows: UserCsvRow[],
): Promise<Map<string, ExistingAccount & { user: UserDocument }>> => {
  const { users, authors } = authorCollections(deps);
  const names = [...new Set(rows.map((row) => row.username.toLowerCase()).filter(Boolean))];
  const found = await users.find({ userNameLower: { $in: names } });
  const members = new Set((await authors.find({ communityId, userId: { $in: found.map((u) => u._id) } })).map((a) => a.userId));
  return new Map(found.map((user) => [user.userNameLower, { userId: user._id, email: user.email, member: members.has(user._id), user }]));
};

/** The validation step of the user CSV: per-row errors and notices, nothing written. */
export const validateUsersCsv = async (deps: AuthorServiceDeps, communityId: string, text: string): Promise<CsvValidation> => {
  const rows = parseCsv(text, userCsvColumns);
  const { errors, notices } = checkUserRows(rows, await existingAccounts(deps, communityId, rows));
  const valid = errors.length === 0;
  const message = msg(valid ? 'community.csvValid' : 'community.csvInvalid');
  return { valid, rows: rows.length, errors, notices, message: message.text, messageCode: message.code };
};

/**
 * Submits a user CSV: validates again (an invalid file is refused whole,
 * nothing written), then creates the new accounts and enrols them as
 * writers; members already here are notices. It never enrols an existing
 * account (issue 20 §1). A row that fails on the way is reported; the others are kept.
 */
export const submitUsersCsv = async (
  deps: AuthorServiceDeps,
  caller: UserDocument,
  communityId: string,
  text: string,
): Promise<CsvSubmission> => {
  const rows = parseCsv(text, userCsvColumns);
  const existing = await existingAccounts(deps, communityId, rows);
  const check = checkUserRows(rows, existing);
  if (check.errors.length > 0) {
    // One field error per message of each refused row.
    const fields = check.errors.flatMap((error) =>
      error.messages.map((message) => fieldError(`row.${error.index}`, msg(message.messageCode, message.params))),
    );
    throw new ValidationError(msg('community.csvInvalid'), fields);
  }
  const errors: CsvRowError[] = [];
  const notices: CsvRowError[] = [];
  let created = 0;
  // Kept in the reply for KF6 clients; the CSV no longer enrols existing accounts (issue 20 §1).
  const enrolled = 0;
  for (const row of rows) {
    const account = existing.get(row.username.toLowerCase());
    try {
      if (account) {
        // Validation refused non-members: only members of this community are left here.
        notices.push(rowReport(row.index, [msg('csv.alreadyMember', { userName: row.username })]));
        continue;
      }
      const user = await deps.accounts.register(
        { firstName: row.firstName, lastName: row.lastName, email: row.email, userName: row.username, password: row.password },
        { provider: 'csv', actorId: caller._id, createdInCommunity: communityId },
      );
      created++;
      await enrol(deps, user, communityId, 'writer', 'csv', caller._id);
    } catch (error) {
      if (!(error instanceof BuildonError) || error.status >= 500) throw error;
      if (error instanceof ConflictError && error.messageCode === 'community.joinAlreadyMember') {
        notices.push(rowReport(row.index, [msg('csv.alreadyMember', { userName: row.username })]));
      } else {
        // The English text names the row's user; the code is the reason's.
        errors.push({
          ...rowReport(row.index, [msgWithText(error.messageCode, error.message, error.params)]),
          msg: `${row.username}: ${error.message}`,
        });
      }
    }
  }
  const message = msg(errors.length === 0 ? 'community.csvSubmitted' : 'community.csvSubmitFailed');
  return { created, enrolled, errors, notices, message: message.text, messageCode: message.code };
};
