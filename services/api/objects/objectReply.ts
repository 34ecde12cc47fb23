import type { ObjectReply } from '../../../contracts/api/objects.ts';
import { withServableBodies } from '../../../contracts/noteSchema.ts';
import { canWrite } from '../../../contracts/permissions.ts';
import type { ContributionSnapshot } from '../../../projections/contributions/index.ts';
import { authorNames } from '../authors/authorNames.ts';
import { lastNameFirstIn } from '../authors/nameOrder.ts';
import type { CommunityAccessGrant } from '../communities/access.ts';
import { listedVersions } from './fetchableVersions.ts';
import { groupMembers, subjectOf, type ObjectServiceDeps } from './objectAccess.ts';

/** A contribution as the contribution page shows it to this caller, at `revision` of its stream. */
export const toObjectReply = async (
  deps: ObjectServiceDeps,
  doc: ContributionSnapshot,
  grant: CommunityAccessGrant,
  revision: number,
): Promise<ObjectReply> => {
  const editable = canWrite(subjectOf(grant), {
    permission: doc.permission,
    authors: doc.authors,
    groupMembers: await groupMembers(deps, doc.group),
  });
  const served: Readonly<Record<string, unknown>> = withServableBodies(doc.data);
  const { versions, ...data } = served;
  return {
    _id: doc._id,
    communityId: doc.communityId,
    type: doc.type,
    title: doc.title,
    status: doc.status,
    permission: doc.permission,
    authors: [...doc.authors],
    authorNames: await authorNames(deps.readStore, doc.authors, await lastNameFirstIn(deps.readStore, grant.community)),
    group: doc.group,
    keywords: doc.keywords ?? [],
    wordCount: doc.wordCount ?? 0,
    text4search: doc.text4search ?? '',
    ...(doc.langInNote && doc.langInNote.length > 0 ? { langInNote: [...doc.langInNote] } : {}),
    // Blob keys stay on the server; versions are listed with their public fields.
    data: Array.isArray(versions) ? { ...data, versions: await listedVersions(deps, doc, grant) } : data,
    created: doc.created,
    modified: doc.modified,
    revision,
    editable,
    owned: grant.isManager || (grant.author !== null && grant.author !== undefined && doc.authors.includes(grant.author._id)),
  };
};
