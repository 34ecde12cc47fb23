import { studentsCap, type Student, type StudentSearchReply } from '../../../contracts/api/search.ts';
import type { AnalyticsAuthor } from '../../../contracts/api/analytics.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import type { ReadStore } from '../../core/readStore.ts';
import { foldToken } from '../../core/textSearch.ts';
import { audienceOf } from '../analytics/audience.ts';
import type { CommunityAccess } from '../communities/access.ts';

const fold = (text: string): string => foldToken(text).replace(/\s+/g, ' ');

/**
 * The members whose label holds every word (accents and case ignored), the
 * caller first then by label, at most `studentsCap`; `total` counts them all.
 */
export const matchStudents = (
  labelled: readonly { label: AnalyticsAuthor; notes: number }[],
  words: string | undefined,
): StudentSearchReply => {
  const wanted = (words ?? '').split(/\s+/).map(fold).filter(Boolean);
  const matching: Student[] = labelled
    .filter(({ label }) => wanted.every((word) => fold(label.label).includes(word)))
    .map(({ label, notes }) => ({ ...label, notes }));
  matching.sort((a, b) => Number(b.me) - Number(a.me) || a.label.localeCompare(b.label));
  return { students: matching.slice(0, studentsCap), total: matching.length };
};

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
  return matchStudents(
    audience.order.map((authorId) => ({ label: audience.label(authorId), notes: notes.get(authorId) ?? 0 })),
    words,
  );
};
