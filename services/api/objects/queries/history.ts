import type { HistoryEntry } from '../../../../contracts/api/objects.ts';
import { personName } from '../../../../contracts/personName.ts';
import { historyOf, type HistoricalObjectDocument } from '../../../../projections/history/index.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import { missingAuthorName } from '../../authors/authorNames.ts';
import { lastNameFirstIn } from '../../authors/nameOrder.ts';
import { objectCollections, pastAccessFor, readable, type ObjectServiceDeps } from '../objectAccess.ts';

const userName = async (deps: ObjectServiceDeps, userId: string | null, lastNameFirst = false): Promise<string> => {
  if (!userId) return 'system';
  const found = await objectCollections(deps).users.get(userId);
  return found ? personName(found, lastNameFirst) : missingAuthorName;
};

/** One version as the history list shows it. `lastNameFirst`: the community's `flipname` (issue 21 §15). */
export const toHistoryEntry = async (
  deps: ObjectServiceDeps,
  doc: HistoricalObjectDocument,
  lastNameFirst = false,
): Promise<HistoryEntry> => ({
  _id: doc._id,
  dataId: doc.dataId,
  revision: doc.revision,
  at: doc.at,
  operation: doc.operation,
  eventType: doc.eventType,
  authorId: doc.authorId,
  authorName: await userName(deps, doc.authorId, lastNameFirst),
});

/** GET /api/objects/{id}/history: every version the caller may read (`mayReadPast`), oldest first. */
export const history = async (deps: ObjectServiceDeps, user: UserDocument, id: string): Promise<HistoryEntry[]> => {
  const { grant } = await readable(deps, user, id);
  const versions = await historyOf(objectCollections(deps).historical, id);
  const past = pastAccessFor(deps, grant);
  const shown: HistoricalObjectDocument[] = [];
  for (const version of versions) if (await past.mayRead(id, Date.parse(version.at), version.data)) shown.push(version);
  const lastNameFirst = await lastNameFirstIn(deps.readStore, grant.community);
  return Promise.all(shown.map((doc) => toHistoryEntry(deps, doc, lastNameFirst)));
};
