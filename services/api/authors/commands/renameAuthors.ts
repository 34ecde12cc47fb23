import type { CsvRowError } from '../../../../contracts/api/communities.ts';
import { msg, type UserMessage } from '../../../../contracts/messageCodes.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import { ValidationError } from '../../../core/errors.ts';
import { nameProblems } from '../../../domain/author/membership.ts';
import { authorCollections, runOnAuthor, settleAt, type AuthorServiceDeps } from '../authorContext.ts';
import { parseCsv, renameCsvColumns, rowReport } from '../csv.ts';

/** Inline rename: new first and last names for authors of this community, keyed by author id. */
export const renameAll = async (
  deps: AuthorServiceDeps,
  caller: UserDocument,
  communityId: string,
  userData: Record<string, { FirstName: string; LastName: string }>,
): Promise<number> => {
  await deps.access.manager(caller, communityId);
  const entries = Object.entries(userData);
  for (const [authorId, names] of entries) {
    const problems = nameProblems(names.FirstName, names.LastName);
    if (problems.firstName) throw ValidationError.field(`userData.${authorId}.FirstName`, problems.firstName);
    if (problems.lastName) throw ValidationError.field(`userData.${authorId}.LastName`, problems.lastName);
  }
  const found = await authorCollections(deps).authors.find({ _id: { $in: entries.map(([id]) => id) }, communityId });
  const members = new Set(found.map((a) => a._id));
  let modified = 0;
  let position = 0;
  for (const [authorId, names] of entries) {
    if (!members.has(authorId)) continue;
    const at = await runOnAuthor(
      deps,
      authorId,
      { type: 'RenameAuthor', data: { firstName: names.FirstName, lastName: names.LastName } },
      caller._id,
    );
    if (at > 0) modified++;
    position = Math.max(position, at);
  }
  await settleAt(deps, position);
  return modified;
};

/**
 * Rename CSV (firstName, lastName, userName): renames the authors of this
 * community only (their user accounts keep their names). Unknown user names
 * and empty names are reported per row.
 */
export const renameCsv = async (
  deps: AuthorServiceDeps,
  caller: UserDocument,
  communityId: string,
  text: string,
): Promise<{ nModified: number; ok: number; errors: CsvRowError[] }> => {
  const rows = parseCsv(text, renameCsvColumns);
  const names = [...new Set(rows.map((row) => row.userName.toLowerCase()).filter(Boolean))];
  const found = await authorCollections(deps).authors.find({ communityId, userNameLower: { $in: names } });
  const members = new Map(found.map((a) => [a.userNameLower, a]));
  const errors: CsvRowError[] = [];
  let nModified = 0;
  let position = 0;
  for (const row of rows) {
    const problems = nameProblems(row.firstName, row.lastName);
    const messages: UserMessage[] = [problems.firstName, problems.lastName].filter((m): m is UserMessage => m !== undefined);
    const author = members.get(row.userName.toLowerCase());
    if (!author) messages.push(msg('csv.unknownUser', { userName: row.userName }));
    if (messages.length > 0 || !author) {
      errors.push(rowReport(row.index, messages));
      continue;
    }
    const at = await runOnAuthor(
      deps,
      author._id,
      { type: 'RenameAuthor', data: { firstName: row.firstName, lastName: row.lastName } },
      caller._id,
    );
    if (at > 0) nModified++;
    position = Math.max(position, at);
  }
  await settleAt(deps, position);
  return { nModified, ok: 1, errors };
};
