import { maxStatsRangeDays, type StatsQuery, type StatsReply } from '../../../contracts/api/analytics.ts';
import { msg } from '../../../contracts/messageCodes.ts';
import {
  contributionsCollectionName,
  linksCollectionName,
  type ContributionDocument,
  type LinkDocument,
} from '../../../projections/contributions/index.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import type { Clock } from '../../core/clock.ts';
import { ForbiddenError, ValidationError } from '../../core/errors.ts';
import type { ReadStore } from '../../core/readStore.ts';
import { daysInRange, isValidDate, schoolYear, type DateRange } from '../../domain/analytics/dates.ts';
import { computeStats, type StatsItem, type StatsScaffold } from '../../domain/analytics/stats.ts';
import { searchTextOf, wordsOf } from '../search/searchService.ts';
import type { CommunityAccess } from '../communities/access.ts';
import { liveStamp } from './aggregateStore.ts';
import { audienceOf, contributionTypes } from './audience.ts';

export type AnalyticsDeps = { readStore: ReadStore; access: CommunityAccess; clock: Clock };

/** What the statistics page counts: what pupils write and place (fact sheet §7's search of contributions). */
export const statsTypes = contributionTypes;

const ids = (list: string | undefined): string[] => (list ? [...new Set(list.split(','))] : []);

/** The asked range, each missing end taken from the current school year; 400 naming the field when it is not one. */
export const statsRange = (query: Pick<StatsQuery, 'from' | 'to'>, today: Date): { range: DateRange; defaultRange: boolean } => {
  const year = schoolYear(today);
  const range = { from: query.from ?? year.from, to: query.to ?? year.to };
  for (const field of ['from', 'to'] as const) {
    if (!isValidDate(range[field])) throw ValidationError.field(field, msg('errors.fieldInvalid', { field }));
  }
  if (range.from > range.to || daysInRange(range) > maxStatsRangeDays) {
    throw ValidationError.field('to', msg('errors.fieldInvalid', { field: 'to' }));
  }
  return { range, defaultRange: query.from === undefined && query.to === undefined };
};

/** The community's registered scaffolds (in its order) with their active supports. */
const scaffoldsOf = async (readStore: ReadStore, scaffoldIds: readonly string[]): Promise<StatsScaffold[]> => {
  if (scaffoldIds.length === 0) return [];
  const contributions = readStore.collection<ContributionDocument>(contributionsCollectionName);
  const scaffolds = await contributions.find({ _id: { $in: [...scaffoldIds] }, type: 'Scaffold', status: 'active' });
  const contains = await readStore
    .collection<LinkDocument>(linksCollectionName)
    .find({ from: { $in: scaffolds.map((s) => s._id) }, type: 'contains' });
  const supportDocs = await contributions.find({
    _id: { $in: [...new Set(contains.map((l) => l.to))] },
    type: 'Support',
    status: 'active',
  });
  const supportById = new Map(supportDocs.map((doc) => [doc._id, doc]));
  const order = (link: LinkDocument) => (typeof link.data.order === 'number' ? link.data.order : Number.MAX_SAFE_INTEGER);
  const byId = new Map(scaffolds.map((doc) => [doc._id, doc]));
  return scaffoldIds.flatMap((id) => {
    const scaffold = byId.get(id);
    if (!scaffold) return [];
    const links = contains.filter((link) => link.from === id).sort((a, b) => order(a) - order(b) || a.created.localeCompare(b.created));
    const supports = links.flatMap((link) => {
      const support = supportById.get(link.to);
      return support ? [{ id: support._id, title: support.title }] : [];
    });
    return [{ id, title: scaffold.title, supports }];
  });
};

/** The contributions among `items` whose search text holds every word (the search page's rule). */
const withWords = async (readStore: ReadStore, items: StatsItem[], words: string[]): Promise<StatsItem[]> => {
  if (words.length === 0) return items;
  const docs = await readStore
    .collection<ContributionDocument>(contributionsCollectionName)
    .find({ _id: { $in: items.map((item) => item.id) } }, { projection: { _id: 1, title: 1, type: 1, text4search: 1, data: 1 } });
  const matching = new Set(
    docs.filter((doc) => words.every((word) => searchTextOf(doc, false).toLocaleLowerCase().includes(word))).map((doc) => doc._id),
  );
  return items.filter((item) => matching.has(item.id));
};

/**
 * GET /api/analytics/{communityId}/stats: the statistics page (spec part 2 §2,
 * fact sheet §7). Members only; counts only contributions the caller may read;
 * a writer sees their own name and letters for everyone else.
 */
export const statsQuery = async (deps: AnalyticsDeps, user: UserDocument, communityId: string, query: StatsQuery): Promise<StatsReply> => {
  const { grant, viewer, items: readable, order, label } = await audienceOf(deps, user, communityId);
  if (query.authors !== undefined && !viewer.seesNames) throw new ForbiddenError(msg('community.managerOnly'));
  const { range, defaultRange } = statsRange(query, deps.clock.now());
  const items: StatsItem[] = readable.map((item) => ({
    id: item._id,
    type: item.type,
    authors: item.authors,
    created: item.created,
    views: item.views,
    supports: item.supports,
  }));

  const stats = computeStats(
    await withWords(deps.readStore, items, wordsOf(query.words)),
    viewer.authorId,
    { range, views: ids(query.views), authors: ids(query.authors) },
    await scaffoldsOf(deps.readStore, grant.community.scaffolds),
    order,
  );
  return {
    communityId,
    // Computed on request from the analytics projection (its filters are per request): as fresh as the community's last event.
    asOf: await liveStamp(deps.readStore, deps.clock, communityId),
    stale: false,
    range: stats.range,
    defaultRange,
    seesNames: viewer.seesNames,
    types: statsTypes,
    total: stats.total,
    perDay: stats.perDay,
    weekdays: stats.weekdays,
    perYear: stats.perYear,
    perWeek: stats.perWeek,
    byAuthor: stats.byAuthor.map(({ authorId, count }) => ({ author: label(authorId), count })),
    scaffolds: stats.scaffolds,
  };
};
