/**
 * Who a reader of the analytics may see by name (fact sheet §7, spec part 2 §6
 * "Reading"): managers of the community and admins see every name; a writer
 * sees their own name and a letter code for everybody else, A…Z, then AA,
 * BB … ZZ, then AAA …, given in first-seen order. Applied on the server: a
 * writer's reply never holds another pupil's name (nor id).
 *
 * Not copied from the original: the activity dashboard labelled twice, so its
 * codes began after the first n letters; the writer here never uses up a
 * letter, and codes always start at A.
 */

/** The code of the k-th other author (0-based): letter k mod 26, repeated ⌊k/26⌋ + 1 times. */
export const pseudonymCode = (k: number): string => String.fromCharCode(65 + (k % 26)).repeat(Math.floor(k / 26) + 1);

export type AnalyticsViewer = {
  /** The viewer's membership in the community (null: an admin who is not a member). */
  authorId: string | null;
  /** A manager of the community or an admin. */
  seesNames: boolean;
};

export type AuthorLabel = {
  /** The author id for viewers who see names and for the viewer's own entry; a stable opaque key otherwise. */
  key: string;
  label: string;
  me: boolean;
};

/**
 * Labels for `order` (author ids in first-seen order, each once). `nameOf`
 * gives a display name. For a writer, others get `{key: code, label: code}`:
 * neither their name nor their id leaves the server.
 */
export const labelAuthors = (
  viewer: AnalyticsViewer,
  order: readonly string[],
  nameOf: (authorId: string) => string,
): Map<string, AuthorLabel> => {
  const labels = new Map<string, AuthorLabel>();
  let k = 0;
  for (const authorId of order) {
    if (labels.has(authorId)) continue;
    const me = authorId === viewer.authorId;
    if (viewer.seesNames || me) labels.set(authorId, { key: authorId, label: nameOf(authorId), me });
    else {
      const code = pseudonymCode(k++);
      labels.set(authorId, { key: code, label: code, me: false });
    }
  }
  return labels;
};

/**
 * First-seen order: authors by their first contribution (creation instant,
 * then id), then the others given in `rest` (members who wrote nothing). The
 * order does not depend on a page's filters, so a pupil keeps the same letter
 * across pages and filters.
 */
export const firstSeenOrder = (
  contributions: readonly { id: string; created: string; authors: readonly string[] }[],
  rest: readonly string[] = [],
): string[] => {
  const sorted = [...contributions].sort((a, b) => a.created.localeCompare(b.created) || a.id.localeCompare(b.id));
  const seen = new Set<string>();
  for (const contribution of sorted) for (const author of contribution.authors) seen.add(author);
  for (const author of rest) seen.add(author);
  return [...seen];
};
