/**
 * Promising ideas (issue 14 §3, spec part 2 §2 and §9, fact sheet §7): the
 * rules shared by the server (which filters before answering) and the web
 * client (which shows overlap and exports CSV). Pure: no I/O.
 *
 * A promising idea is a passage of a note a reader marked in the Read tab,
 * with a colour and a reason. Its *hit count* (fact sheet §7) is 1 plus the
 * number of other ideas whose whitespace-free text is no longer than its own
 * and is a substring of it; those are *overlapped* by it and the hit-count
 * filter leaves them out. Two ideas of the same text contain each other: the
 * earlier one (then the smaller id) keeps them both, the later one is the
 * overlapped copy — so a passage marked by three readers shows once, with 3.
 */

/** Spec part 2 §9, in its order: `none` and the eight note colours. */
export const promisingIdeaColours = ['none', 'yellow', 'red', 'blue', 'green', 'pink', 'violet', 'purple', 'orange'] as const;
export type PromisingIdeaColour = (typeof promisingIdeaColours)[number];

export const isPromisingIdeaColour = (value: unknown): value is PromisingIdeaColour =>
  typeof value === 'string' && (promisingIdeaColours as readonly string[]).includes(value);

/** The separator of the page's address, `/promisingideas/{communityId}§§§{viewId}` (spec part 2 §2). */
export const promisingIdeasSeparator = '§§§';

/** The community and view ids of the page's `{ids}` segment (view '' when absent). */
export const splitPromisingIdeasIds = (ids: string): { communityId: string; viewId: string } => {
  const at = ids.indexOf(promisingIdeasSeparator);
  if (at === -1) return { communityId: ids, viewId: '' };
  return { communityId: ids.slice(0, at), viewId: ids.slice(at + promisingIdeasSeparator.length) };
};

export const joinPromisingIdeasIds = (communityId: string, viewId?: string | null): string =>
  viewId ? `${communityId}${promisingIdeasSeparator}${viewId}` : communityId;

/** Text with every white-space character removed (what the overlap rule and keyword filter compare). */
export const withoutWhitespace = (text: string): string => text.replace(/\s+/gu, '');

/** The idea as the table shows it: line breaks and runs of white space collapsed (fact sheet §7). */
export const collapsedIdea = (text: string): string => text.replace(/\s+/gu, ' ').trim();

/** What the overlap rule needs of an idea. */
export type OverlapInput = { _id: string; idea: string; created: string };
export type Overlap = { hitCount: number; overlapped: boolean; overlaps: string[] };

const earlier = (a: OverlapInput, b: OverlapInput): boolean => a.created < b.created || (a.created === b.created && a._id < b._id);

/**
 * The hit count of every idea, whether another idea overlaps it, and the ids
 * of the ideas each one overlaps (see the module comment). Quadratic in the
 * number of ideas, which a class's views keep in the hundreds.
 */
export const overlapsOf = (ideas: readonly OverlapInput[]): Map<string, Overlap> => {
  const squeezed = ideas.map((idea) => ({ idea, text: withoutWhitespace(idea.idea) }));
  const result = new Map<string, Overlap>(ideas.map((idea) => [idea._id, { hitCount: 1, overlapped: false, overlaps: [] }]));
  for (const outer of squeezed) {
    const mine = result.get(outer.idea._id) as Overlap;
    for (const inner of squeezed) {
      if (inner === outer || !inner.text || inner.text.length > outer.text.length || !outer.text.includes(inner.text)) continue;
      mine.hitCount += 1;
      // Of two equal texts only the later one is overlapped.
      if (inner.text.length === outer.text.length && earlier(inner.idea, outer.idea)) continue;
      mine.overlaps.push(inner.idea._id);
      (result.get(inner.idea._id) as Overlap).overlapped = true;
    }
  }
  return result;
};

/** The filters of the page (all optional; empty strings mean no filter). */
export type PromisingIdeaFilters = {
  colour?: PromisingIdeaColour | '';
  /** At least this hit count; overlapped ideas are left out whenever it is set. */
  minHits?: number;
  /** Words of the reason (white space ignored, case ignored). */
  reason?: string;
  /** The author id of the idea. */
  user?: string;
  /** Words of the idea, the reason or the author's name (white space ignored, case ignored). */
  keyword?: string;
};

/** What the filters read of an idea. */
export type FilterableIdea = {
  idea: string;
  reason: string;
  color: string;
  authorId: string;
  authorName: string;
  hitCount: number;
  overlapped: boolean;
};

const squeezedLower = (text: string): string => withoutWhitespace(text).toLocaleLowerCase();

const containsLoosely = (haystack: string, needle: string): boolean => squeezedLower(haystack).includes(squeezedLower(needle));

/** Whether an idea passes every filter set (fact sheet §7: colour, hit count, reason, user, keyword). */
export const passesFilters = (idea: FilterableIdea, filters: PromisingIdeaFilters): boolean => {
  if (filters.colour && idea.color !== filters.colour) return false;
  if (filters.minHits !== undefined && filters.minHits > 0 && (idea.overlapped || idea.hitCount < filters.minHits)) return false;
  if (filters.reason && squeezedLower(filters.reason) && !containsLoosely(idea.reason, filters.reason)) return false;
  if (filters.user && idea.authorId !== filters.user) return false;
  const keyword = filters.keyword ? squeezedLower(filters.keyword) : '';
  if (keyword && ![idea.idea, idea.reason, idea.authorName].some((field) => squeezedLower(field).includes(keyword))) return false;
  return true;
};

/** Newest first (date, then id), as the table lists them. */
export const newestFirst = <T extends { created: string; _id: string }>(a: T, b: T): number =>
  b.created.localeCompare(a.created) || b._id.localeCompare(a._id);

/** The title a PI Pool note gets unless renamed (fact sheet §10.4). */
export const piPoolTitle = 'PI Pool';

/** Largest idea and reason, in characters. */
export const promisingIdeaLimits = { idea: 10_000, reason: 2_000, poolIdeas: 200, poolViews: 50 } as const;
