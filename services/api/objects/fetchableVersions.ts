import { attachmentUrl, attachmentVersionsOf } from '../../../projections/contributions/content.ts';
import type { TypedData } from '../../../contracts/contributionData.ts';
import { historyOf } from '../../../projections/history/index.ts';
import type { CommunityAccessGrant } from '../communities/access.ts';
import { objectCollections, pastAccessFor, type ObjectServiceDeps } from './objectAccess.ts';

/**
 * Versions of an attachment the caller may fetch (issue 20 §4): the current
 * one (the caller reads the attachment now), and an earlier one only if it
 * was the current file in a state the caller could read then and can read
 * now (`mayReadPast`) — a file uploaded while the attachment was private to
 * its authors stays theirs after it is made public with a newer file.
 */
export const fetchableVersions = async (
  deps: ObjectServiceDeps,
  grant: CommunityAccessGrant,
  doc: { _id: string } & TypedData,
): Promise<Set<number>> => {
  const versions = attachmentVersionsOf(doc);
  const latest = versions.at(-1)?.version;
  const fetchable = new Set<number>(latest === undefined ? [] : [latest]);
  if (versions.length <= 1) return fetchable;
  const past = pastAccessFor(deps, grant);
  for (const snapshot of await historyOf(objectCollections(deps).historical, doc._id)) {
    // A version of this attachment: the whole document as it was (history keeps it untyped).
    const current = attachmentVersionsOf({ type: 'Attachment', data: snapshot.data.data ?? {} }).at(-1)?.version;
    if (current === undefined || fetchable.has(current)) continue;
    if (await past.mayRead(doc._id, Date.parse(snapshot.at), snapshot.data)) fetchable.add(current);
  }
  return fetchable;
};

/** An attachment's versions as listed to the caller: public fields, and only those they may fetch (issue 20 §4). */
export const listedVersions = async (deps: ObjectServiceDeps, doc: { _id: string } & TypedData, grant: CommunityAccessGrant) => {
  const fetchable = await fetchableVersions(deps, grant, doc);
  return attachmentVersionsOf(doc)
    .filter((v) => fetchable.has(v.version))
    .map(({ blobKey: _key, ...v }) => ({ ...v, url: attachmentUrl(doc._id, v.version) }));
};
