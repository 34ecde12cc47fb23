import type { HistoricalObject } from '../../../../contracts/api/objects.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import { withServableBodies } from '../../../../contracts/noteSchema.ts';
import { historyOf, type HistoricalObjectDocument } from '../../../../projections/history/index.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import { ForbiddenError, NotFoundError } from '../../../core/errors.ts';
import { authorNames } from '../../authors/authorNames.ts';
import { lastNameFirstIn } from '../../authors/nameOrder.ts';
import type { PastAccess } from '../../past/pastAccess.ts';
import { objectCollections, pastAccessFor, readable, type ObjectServiceDeps } from '../objectAccess.ts';
import { toHistoryEntry } from './history.ts';

/**
 * A historical version as it may be sent (issue 20 §14): storage keys of
 * attachment versions stay on the server, and a note body beyond the limits
 * (issue 20 §0) is a placeholder.
 */
const servableHistoricalData = (data: Record<string, unknown>): Record<string, unknown> => {
  const inner = data.data;
  if (typeof inner !== 'object' || inner === null || Array.isArray(inner)) return data;
  const { versions, ...rest } = withServableBodies(inner as Record<string, unknown>);
  const publicVersions = Array.isArray(versions)
    ? versions.map((version: unknown) => {
        if (typeof version !== 'object' || version === null) return version;
        const { blobKey: _key, ...shown } = version as Record<string, unknown>;
        return shown;
      })
    : versions;
  return { ...data, data: { ...rest, ...(versions === undefined ? {} : { versions: publicVersions }) } };
};

/**
 * The version a historical version is compared with (issue 21 §7): the
 * latest earlier version of the same contribution that `mayReadPast` lets
 * the caller read, so a diff never shows the private era of a note.
 */
const previousReadable = async (
  deps: ObjectServiceDeps,
  doc: HistoricalObjectDocument,
  past: PastAccess,
): Promise<HistoricalObjectDocument | null> => {
  const earlier = (await historyOf(objectCollections(deps).historical, doc.dataId)).filter((version) => version.revision < doc.revision);
  for (let i = earlier.length - 1; i >= 0; i--) {
    const version = earlier[i] as HistoricalObjectDocument;
    if (await past.mayRead(doc.dataId, Date.parse(version.at), version.data)) return version;
  }
  return null;
};

/** Display names of the authors and titles of the groups that these versions name (what the history dialog shows instead of ids). */
const versionNames = async (deps: ObjectServiceDeps, versions: HistoricalObjectDocument[]): Promise<{ _id: string; name: string }[]> => {
  const ids = (key: 'authors' | 'group') =>
    versions.flatMap((version) => {
      const value = version.data[key];
      return (Array.isArray(value) ? value : [value]).filter((id): id is string => typeof id === 'string');
    });
  const authors = await authorNames(deps.readStore, [...new Set(ids('authors'))]);
  const groupIds = [...new Set(ids('group'))];
  const groups =
    groupIds.length > 0
      ? await objectCollections(deps).contributions.find({
          _id: { $in: groupIds },
          type: 'Group',
          communityId: versions[0]?.communityId ?? '',
        })
      : [];
  return [...authors.map(({ _id, name }) => ({ _id, name })), ...groups.map((group) => ({ _id: group._id, name: group.title }))];
};

/** GET /api/historicalobjects/{id}: one version of a contribution (or link), for readers of the contribution (of its `from`). */
export const historicalObject = async (deps: ObjectServiceDeps, user: UserDocument, historicalId: string): Promise<HistoricalObject> => {
  const doc = await objectCollections(deps).historical.get(historicalId);
  if (!doc) throw new NotFoundError(msg('errors.historicalNotFound'));
  const ownerId = doc.type === 'Link' && typeof doc.data.from === 'string' ? doc.data.from : doc.dataId;
  const { grant } = await readable(deps, user, ownerId);
  const past = pastAccessFor(deps, grant);
  const instant = Date.parse(doc.at);
  // A link's version is shown with both its ends as they were then (its `to` can name a note hidden from the reader).
  const shown =
    doc.type === 'Object'
      ? await past.mayRead(doc.dataId, instant, doc.data)
      : (await past.mayRead(ownerId, instant)) && (typeof doc.data.to !== 'string' || (await past.mayRead(doc.data.to, instant)));
  if (!shown) throw new ForbiddenError(msg('objects.notReadableThen'));
  const previous = doc.type === 'Object' ? await previousReadable(deps, doc, past) : null;
  return {
    ...(await toHistoryEntry(deps, doc, await lastNameFirstIn(deps.readStore, grant.community))),
    communityId: doc.communityId,
    type: doc.type,
    dataType: doc.dataType,
    data: servableHistoricalData(doc.data),
    previousId: previous?._id ?? null,
    names: await versionNames(deps, [doc, ...(previous ? [previous] : [])]),
  };
};
