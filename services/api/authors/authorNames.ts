import { authorsCollectionName, type AuthorDocument } from '../../../projections/authors/index.ts';
import { personName } from '../../../contracts/personName.ts';
import type { ReadStore } from '../../core/readStore.ts';

/** What replies show of an author: the display name and the user name. */
export type AuthorName = { _id: string; name: string; userName: string; missing?: true };

/** Shown in place of a membership that no longer exists. */
export const missingAuthorName = '(missing authors)';

/**
 * The names of the given authors, in the same order (last name first when the
 * community flips names). One `$in` query, not one read per author.
 */
export const authorNames = async (readStore: ReadStore, ids: readonly string[], lastNameFirst = false): Promise<AuthorName[]> => {
  if (ids.length === 0) return [];
  const found = await readStore.collection<AuthorDocument>(authorsCollectionName).find({ _id: { $in: [...new Set(ids)] } });
  const byId = new Map(found.map((author) => [author._id, author]));
  return ids.map((id) => {
    const author = byId.get(id);
    return author
      ? { _id: id, name: personName({ ...author, userName: '' }, lastNameFirst), userName: author.userName }
      : { _id: id, name: missingAuthorName, userName: '', missing: true };
  });
};
