/**
 * The scaffold support tracker's counting (issue 13 §6, fact sheet §7):
 * usage(S, N) = how many times support S is inserted in note N. Pure: the
 * notes arrive with their supports counts (projections/analytics supports).
 */
export type TrackerItem = {
  id: string;
  authors: string[];
  /** ISO date-time. */
  created: string;
  views: string[];
  supports: Record<string, number>;
};

export type TrackerFilters = {
  supportIds: readonly string[];
  /** Placed in at least one of these views (none: any). */
  views: readonly string[];
  /** Written by at least one of these authors (none: any). */
  authors: readonly string[];
  /** UTC dates YYYY-MM-DD, included. */
  from?: string;
  to?: string;
};

export type TrackedNote = { id: string; authors: string[]; created: string; views: string[]; usage: Record<string, number> };

/**
 * The notes matching the filters (`searched` counts them) and, among them,
 * those that use at least one chosen support, newest first, with the usage
 * of the chosen supports only.
 */
export const trackSupports = (items: readonly TrackerItem[], filters: TrackerFilters): { searched: number; notes: TrackedNote[] } => {
  const views = new Set(filters.views);
  const authors = new Set(filters.authors);
  let searched = 0;
  const notes: TrackedNote[] = [];
  for (const item of items) {
    const day = item.created.slice(0, 10);
    if (filters.from && day < filters.from) continue;
    if (filters.to && day > filters.to) continue;
    if (views.size > 0 && !item.views.some((id) => views.has(id))) continue;
    if (authors.size > 0 && !item.authors.some((id) => authors.has(id))) continue;
    searched++;
    const usage: Record<string, number> = {};
    for (const supportId of filters.supportIds) {
      const count = item.supports[supportId] ?? 0;
      if (count > 0) usage[supportId] = count;
    }
    if (Object.keys(usage).length > 0) {
      notes.push({ id: item.id, authors: item.authors, created: item.created, views: item.views, usage });
    }
  }
  notes.sort((a, b) => b.created.localeCompare(a.created) || a.id.localeCompare(b.id));
  return { searched, notes };
};
