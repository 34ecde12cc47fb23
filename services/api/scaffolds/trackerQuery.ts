import type { TrackerQuery, TrackerReply } from '../../../contracts/api/scaffolds.ts';
import { msg } from '../../../contracts/messageCodes.ts';
import {
  contributionsCollectionName,
  linksCollectionName,
  type ContributionDocument,
  type LinkDocument,
} from '../../../projections/contributions/index.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import { ForbiddenError, ValidationError } from '../../core/errors.ts';
import { isValidDate } from '../../domain/analytics/dates.ts';
import { trackSupports, type TrackerItem } from '../../domain/analytics/supportTracker.ts';
import { liveStamp } from '../analytics/aggregateStore.ts';
import { audienceOf } from '../analytics/audience.ts';
import type { AnalyticsDeps } from '../analytics/statsQuery.ts';
import { searchTextOf, wordsOf } from '../search/searchService.ts';

const ids = (list: string | undefined): string[] => (list ? [...new Set(list.split(','))] : []);

/**
 * GET /api/analytics/{communityId}/scaffoldsupporttracker (issue 13 §6, fact
 * sheet §7): how often each chosen support is used in the notes the caller
 * may read that match the filters, and those notes. Members only; a writer
 * sees their own name and letters for classmates (the analytics rule). The
 * usage comes from the analytics projection's `supports` counts (one per
 * inserted tag), so no per-note link lookups (the original's N+1).
 */
export const trackerQuery = async (
  deps: AnalyticsDeps,
  user: UserDocument,
  communityId: string,
  query: TrackerQuery,
): Promise<TrackerReply> => {
  const { grant, viewer, items, label } = await audienceOf(deps, user, communityId);
  if (query.authors !== undefined && !viewer.seesNames) throw new ForbiddenError(msg('community.managerOnly'));
  for (const field of ['from', 'to'] as const) {
    const value = query[field];
    if (value !== undefined && !isValidDate(value)) throw ValidationError.field(field, msg('errors.fieldInvalid', { field }));
  }
  const contributions = deps.readStore.collection<ContributionDocument>(contributionsCollectionName);
  // The chosen supports, each with the registered scaffold that contains it (first one in the community's order).
  const wanted = ids(query.supports);
  const scaffoldIds = grant.community.scaffolds;
  const scaffolds = await contributions.find({ _id: { $in: [...scaffoldIds] }, type: 'Scaffold', status: 'active' });
  const contains = await deps.readStore
    .collection<LinkDocument>(linksCollectionName)
    .find({ from: { $in: scaffolds.map((s) => s._id) }, type: 'contains', to: { $in: wanted } });
  const supportDocs = await contributions.find({ _id: { $in: wanted }, type: 'Support' });
  const supportTitle = new Map(supportDocs.map((doc) => [doc._id, doc.title]));
  const scaffoldTitle = new Map(scaffolds.map((doc) => [doc._id, doc.title]));
  const rank = (id: string) => scaffoldIds.indexOf(id);
  const chosen = wanted.flatMap((supportId) => {
    const owner = contains
      .filter((link) => link.to === supportId)
      .map((link) => link.from)
      .sort((a, b) => rank(a) - rank(b))[0];
    const title = supportTitle.get(supportId);
    return owner && title !== undefined ? [{ supportId, title, scaffoldId: owner, scaffoldTitle: scaffoldTitle.get(owner) ?? '' }] : [];
  });
  if (chosen.length === 0) throw ValidationError.field('supports', msg('community.selectSupports'));

  const candidates: TrackerItem[] = items
    .filter((item) => item.type === 'Note')
    .map((item) => ({ id: item._id, authors: item.authors, created: item.created, views: item.views, supports: item.supports }));
  const tracked = trackSupports(candidates, {
    supportIds: chosen.map((s) => s.supportId),
    views: ids(query.views),
    authors: ids(query.authors),
    ...(query.from ? { from: query.from } : {}),
    ...(query.to ? { to: query.to } : {}),
  });
  // Titles (and the words filter) only for the notes that use a chosen support.
  const words = wordsOf(query.words);
  const docs = await contributions.find(
    { _id: { $in: tracked.notes.map((n) => n.id) } },
    { projection: { _id: 1, title: 1, type: 1, text4search: 1, data: 1 } },
  );
  const docById = new Map(docs.map((doc) => [doc._id, doc]));
  const matches = (id: string) => {
    const doc = docById.get(id);
    if (!doc) return false;
    if (words.length === 0) return true;
    const text = searchTextOf(doc, false).toLocaleLowerCase();
    return words.every((word) => text.includes(word));
  };
  const notes = tracked.notes.filter((note) => matches(note.id));
  const totals = new Map<string, { total: number; notes: number }>();
  for (const note of notes) {
    for (const [supportId, count] of Object.entries(note.usage)) {
      const entry = totals.get(supportId) ?? { total: 0, notes: 0 };
      totals.set(supportId, { total: entry.total + count, notes: entry.notes + 1 });
    }
  }
  const supports = chosen
    .map((s) => ({ ...s, total: totals.get(s.supportId)?.total ?? 0, notes: totals.get(s.supportId)?.notes ?? 0 }))
    .sort((a, b) => b.total - a.total);
  return {
    communityId,
    asOf: await liveStamp(deps.readStore, deps.clock, communityId),
    seesNames: viewer.seesNames,
    supports,
    notes: notes.map((note) => ({
      _id: note.id,
      title: docById.get(note.id)?.title ?? '',
      author: label(note.authors[0] ?? ''),
      created: note.created,
      views: note.views,
      usage: note.usage,
    })),
    searched: tracked.searched,
  };
};
