import type { DashboardRecord } from '../../../contracts/api/analytics.ts';
import { analyticsRecordsCollectionName, type AnalyticsRecordDocument } from '../../../projections/analytics/index.ts';
import type { ReadStore } from '../../core/readStore.ts';
import type { DateRange } from '../../domain/analytics/dates.ts';
import { collectRecordRows } from '../../domain/analytics/dashboardRecords.ts';
import { readableDocs, type Audience } from './audience.ts';

/**
 * The activity dashboard's record table (fact sheet §7) for one viewer: the
 * per-record documents of the analytics projection, newest first, with the
 * title of each contribution. Titles are looked up by id, in batches, for the
 * rows about to be shown only, and only among the contributions the viewer may
 * read now (`readableDocs`): a record of a contribution the viewer may not
 * read (a note made private since, another group's private note) is LEFT OUT
 * of the table, never shown with its title nor as an untitled row, so the
 * table tells a pupil nothing about what they may not read. (The charts and
 * the per-user table above still count it, as they count every shared action
 * without naming the contribution.)
 *
 * Read live from the projection, not from the community's aggregate: the
 * table may be a few events ahead of the charts' stamp.
 */
export const recordTable = async (
  readStore: ReadStore,
  audience: Audience,
  communityId: string,
  range: DateRange,
  view: string | undefined,
): Promise<{ rows: DashboardRecord[]; truncated: boolean }> => {
  const records = readStore.collection<AnalyticsRecordDocument>(analyticsRecordsCollectionName);
  const { rows, truncated } = await collectRecordRows<DashboardRecord['contribution']>({
    range,
    view,
    // Indexed on (communityId, day): one lookup per chunk of days.
    load: (days) => records.find({ communityId, day: { $in: [...days] } }),
    lookup: async (ids) =>
      new Map(
        (await readableDocs(readStore, audience, ids)).map((doc) => [
          doc._id,
          doc.status === 'active' ? { id: doc._id, title: doc.title, type: doc.type } : null,
        ]),
      ),
  });
  return { rows: rows.map(({ authorId, ...row }) => ({ ...row, author: audience.label(authorId) })), truncated };
};
