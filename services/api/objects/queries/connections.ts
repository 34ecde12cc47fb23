import type { Connection } from '../../../../contracts/api/objects.ts';
import { ObjectMessages } from '../../../../contracts/catalogs/objects.ts';
import { canRead } from '../../../../contracts/permissions.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import { accessObject, objectCollections, readable, subjectOf, type ObjectServiceDeps } from '../objectAccess.ts';

/** Links from (or to) a readable contribution, keeping only those whose other end the caller may read. */
export const connections = async (
  deps: ObjectServiceDeps,
  user: UserDocument,
  id: string,
  direction: 'from' | 'to',
): Promise<Connection[]> => {
  const { contributions, links: linkCollection } = objectCollections(deps);
  const { grant } = await readable(deps, user, id);
  const subject = subjectOf(grant);
  const links = await linkCollection.find(direction === 'from' ? { from: id } : { to: id }, { sort: { created: 1 } });
  const result: Connection[] = [];
  for (const link of links) {
    const otherId = direction === 'from' ? link.to : link.from;
    const other = await contributions.get(otherId);
    const { _position, ...rest } = link;
    if (!other) {
      result.push({
        ...rest,
        other: { _id: otherId, type: '', title: ObjectMessages.missingLink, status: '', authors: [], missing: true },
      });
      continue;
    }
    if (!canRead(subject, await accessObject(deps, other))) continue;
    result.push({
      ...rest,
      other: { _id: other._id, type: other.type, title: other.title, status: other.status, authors: other.authors, missing: false },
    });
  }
  return result;
};
