import { studentsCap, type Student, type StudentSearchReply } from '../../../contracts/api/search.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import type { ReadStore } from '../../core/readStore.ts';
import { foldToken } from '../../core/textSearch.ts';
import { audienceOf } from '../analytics/audience.ts';
import type { CommunityAccess } from '../communities/access.ts';

const fold = (text: string): string => foldToken(text).replace(/\s+/g, ' ');

/**
 * The search page's "students" type (spec part 2 §Search): the members of
 * the community (researchers are not of the class) in the analytics' order,
 * labelled as the analytics label them for the caller (a writer sees their
 * own name and letters for the others: names never leave the server for a
 * pupil, and a name typed by a pupil matches only what the pupil may see),
 * each with the notes of theirs the caller may read. Every word must occur
 * in the label, accents and case ignored. At most 80 (`studentsCap`).
 */
export const searchStudents = async (
  deps: { readStore: ReadStore; access: CommunityAccess },
  user: UserDocument,
  communityId: string,
  words: string | undefined,
): Promise<StudentSearchReply> => {
  const audience = await audienceOf(deps, user, communityId);
  const notes = new Map<string, number>();
  for (const item of audience.items) {
    if (item.type !== 'Note') continue;
    for (const author of item.authors) notes.set(author, (notes.get(author) ?? 0) + 1);
  }
  const wanted = (words ?? '').split(/\s+/).map(fold).filter(Boolean);
  const matching: Student[] = [];
  for (const authorId of audience.order) {
    const label = audience.label(authorId);
    const haystack = fold(label.label);
    if (!wanted.every((word) => haystack.includes(word))) continue;
    matching.push({ ...label, notes: notes.get(authorId) ?? 0 });
  }
  matching.sort((a, b) => Number(b.me) - Number(a.me) || a.label.localeCompare(b.label));
  return { students: matching.slice(0, studentsCap), total: matching.length };
};
