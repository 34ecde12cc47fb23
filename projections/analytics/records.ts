import type { RecordedEvent } from '../../contracts/events/event.ts';
import { evolveDocument, type ProjectionContext } from '../../services/core/projection.ts';
import { analyticsRecordsCollectionName, recordId, type AnalyticsAction, type AnalyticsRecordDocument } from './documents.ts';

/** An instant written in UTC (`…Z`), so that instants compare as strings. */
const utcInstant = (at: string): string => {
  if (/^\d{4}-\d{2}-\d{2}T.*Z$/.test(at)) return at;
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? at : date.toISOString();
};

/** One counted action, as `Folder.count` (index.ts) counts it in the daily documents. */
export type CountedAction = {
  communityId: string;
  /** UTC date of the event. */
  day: string;
  authorId: string;
  contributionId: string;
  action: AnalyticsAction;
  /** The views the daily documents count it in. */
  views: readonly string[];
};

/**
 * Folds one counted action into the record table's documents (one per
 * community, day, author, contribution and action): the count goes up by one,
 * and by one in each of its views. Called for exactly the actions the daily
 * documents count, so both agree (nothing on private contributions).
 */
export const foldRecord = (context: ProjectionContext, event: RecordedEvent, counted: CountedAction): Promise<void> => {
  const { communityId, day, authorId, contributionId, action } = counted;
  const id = recordId(communityId, day, authorId, contributionId, action);
  return evolveDocument(context.collection<AnalyticsRecordDocument>(analyticsRecordsCollectionName), id, event, (current) => {
    const byView = { ...current?.byView };
    for (const view of new Set(counted.views)) byView[view] = (byView[view] ?? 0) + 1;
    const at = utcInstant(event.metadata.at);
    return {
      _id: id,
      communityId,
      day,
      authorId,
      contributionId,
      action,
      count: (current?.count ?? 0) + 1,
      byView,
      last: current && current.last > at ? current.last : at,
    };
  });
};
