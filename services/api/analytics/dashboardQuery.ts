import Papa from 'papaparse';
import type { DashboardQuery, DashboardReply, NoteDashboardQuery, NoteDashboardReply } from '../../../contracts/api/analytics.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import { NotFoundError } from '../../core/errors.ts';
import {
  computeDashboard,
  computeNoteDashboard,
  dashboardCsvFileName,
  dashboardCsvHeader,
  dashboardCsvRows,
  recordsPerView,
  type DailyActivity,
} from '../../domain/analytics/dashboard.ts';
import { activityIn } from '../../domain/analytics/aggregate.ts';
import { liveStamp, servedAggregate } from './aggregateStore.ts';
import { audienceOf, readableDocs } from './audience.ts';
import { recordTable } from './recordTable.ts';
import { statsRange, type AnalyticsDeps } from './statsQuery.ts';

/**
 * GET /api/analytics/{communityId}/dashboard (and its CSV): the activity
 * dashboard (spec part 2 §2, fact sheet §7) from the per-day, per-author
 * counts of the analytics projection, for the whole community or one view;
 * its record table from the per-record documents (recordTable.ts).
 * Members only; a writer sees their own name and letters for everyone else.
 */
export const dashboardQuery = async (
  deps: AnalyticsDeps,
  user: UserDocument,
  communityId: string,
  query: DashboardQuery,
): Promise<DashboardReply> => {
  const audience = await audienceOf(deps, user, communityId);
  const { range, defaultRange } = statsRange(query, deps.clock.now());
  let view: DashboardReply['view'] = null;
  if (query.view !== undefined) {
    // A view the caller may not read is not found (its title is not theirs to see).
    const [doc] = await readableDocs(deps.readStore, audience, [query.view]);
    if (!doc || doc.type !== 'View') throw new NotFoundError();
    // The original's selector shows "Deleted" for a view that is no longer active.
    view = { id: doc._id, title: doc.status === 'active' ? doc.title : 'Deleted' };
  }
  // Per day and author, from the community's aggregate (the analytics job's).
  const { doc, stale } = await servedAggregate(deps.readStore, deps.clock, communityId);
  const rows = activityIn(doc.aggregate, range, query.view);
  const activity: DailyActivity[] = rows.map(({ day, authorId, counts }) => ({ day, authorId, counts }));
  const dashboard = computeDashboard(activity, range, audience.order);
  // The record table: per contribution, titled, readable ones only (recordTable.ts).
  const records = await recordTable(deps.readStore, audience, communityId, range, query.view);
  const perView = recordsPerView(rows.map((row) => row.byView));
  const viewDocs = new Map(
    (
      await readableDocs(
        deps.readStore,
        audience,
        perView.map((entry) => entry.viewId),
      )
    )
      .filter((doc) => doc.type === 'View')
      .map((doc) => [doc._id, doc]),
  );
  return {
    communityId,
    asOf: doc.asOf,
    stale,
    range,
    defaultRange,
    seesNames: audience.viewer.seesNames,
    view,
    actions: dashboard.actions,
    views: perView.flatMap(({ viewId, count }) => {
      const doc = viewDocs.get(viewId);
      return doc ? [{ id: viewId, title: doc.status === 'active' ? doc.title : 'Deleted', count }] : [];
    }),
    actors: dashboard.actors.map(({ authorId, count }) => ({ author: audience.label(authorId), count })),
    perDay: dashboard.perDay,
    records: records.rows,
    recordsTruncated: records.truncated,
    users: dashboard.users.map(({ authorId, counts }) => ({ author: audience.label(authorId), counts })),
    totals: dashboard.totals,
    averages: dashboard.averages,
  };
};

/** The dashboard's CSV (the original's columns, labels as the viewer sees them) and its file name. */
export const dashboardCsv = async (
  deps: AnalyticsDeps,
  user: UserDocument,
  communityId: string,
  query: DashboardQuery,
): Promise<{ fileName: string; csv: string }> => {
  const reply = await dashboardQuery(deps, user, communityId, query);
  const audience = await deps.access.member(user, communityId);
  const title = reply.view?.title ?? audience.community.title;
  const csv = Papa.unparse(
    { fields: [...dashboardCsvHeader], data: dashboardCsvRows(reply.users.map(({ author, counts }) => ({ label: author.label, counts }))) },
    { escapeFormulae: false, newline: '\r\n' },
  );
  return { fileName: dashboardCsvFileName(title), csv };
};

/**
 * GET /api/analytics/{communityId}/dashboard2: the note dashboard (fact sheet
 * §7) over the contributions the viewer may read, created in the range.
 */
export const noteDashboardQuery = async (
  deps: AnalyticsDeps,
  user: UserDocument,
  communityId: string,
  query: NoteDashboardQuery,
): Promise<NoteDashboardReply> => {
  const audience = await audienceOf(deps, user, communityId);
  const { range, defaultRange } = statsRange(query, deps.clock.now());
  const board = computeNoteDashboard(audience.items, range, audience.order);
  return {
    communityId,
    // Computed on request from the analytics items: as fresh as the community's last event.
    asOf: await liveStamp(deps.readStore, deps.clock, communityId),
    stale: false,
    range,
    defaultRange,
    seesNames: audience.viewer.seesNames,
    total: board.total,
    byAuthor: board.byAuthor.map(({ authorId, count }) => ({ author: audience.label(authorId), count })),
    types: board.types,
    perDay: board.perDay,
  };
};
