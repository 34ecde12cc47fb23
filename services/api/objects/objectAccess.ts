import { membersOfGroup } from '../../domain/access/permissions.ts';
import { canRead, canWrite, type AccessSubject } from '../../../contracts/permissions.ts';
import { authorsCollectionName, type AuthorDocument } from '../../../projections/authors/index.ts';
import {
  contributionsCollectionName,
  linksCollectionName,
  type ContributionDocument,
  type LinkDocument,
} from '../../../projections/contributions/index.ts';
import { historicalObjectsCollectionName, type HistoricalObjectDocument } from '../../../projections/history/index.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import type { BlobStore } from '../../core/blobStore.ts';
import { ForbiddenError, NotFoundError } from '../../core/errors.ts';
import { mayChangeOwnership } from '../../domain/contribution/ownership.ts';
import { msg } from '../../../contracts/messageCodes.ts';
import type { CommandDeps } from '../../core/commandDeps.ts';
import type { CommunityAccess, CommunityAccessGrant } from '../communities/access.ts';
import { PastAccess } from '../past/pastAccess.ts';
import type { CommunityQuota } from './communityQuota.ts';

/** What the contribution page's use cases need (issue 6). */
export type ObjectServiceDeps = CommandDeps & {
  access: CommunityAccess;
  blobStore: BlobStore;
  /** Signs playback links (HMAC-SHA256). */
  secret: string;
  /** Largest accepted upload, in bytes. */
  uploadLimitBytes: number;
  /** Each community's share of the file storage (issue 17 §5). */
  communityQuota: CommunityQuota;
};

/** The read models the contribution page reads. */
export const objectCollections = (deps: Pick<ObjectServiceDeps, 'readStore'>) => ({
  contributions: deps.readStore.collection<ContributionDocument>(contributionsCollectionName),
  links: deps.readStore.collection<LinkDocument>(linksCollectionName),
  authors: deps.readStore.collection<AuthorDocument>(authorsCollectionName),
  users: deps.readStore.collection<UserDocument>('users'),
  historical: deps.readStore.collection<HistoricalObjectDocument>(historicalObjectsCollectionName),
});

/** The caller as the access rule of contracts/permissions.ts sees them. */
export const subjectOf = (grant: CommunityAccessGrant): AccessSubject => ({
  authorId: grant.author?._id ?? null,
  isManager: grant.isManager,
});

/** The author ids of a group (none for no group or an unknown one). */
export const groupMembers = async (deps: Pick<ObjectServiceDeps, 'readStore'>, groupId: string | null): Promise<string[]> => {
  if (!groupId) return [];
  const group = await objectCollections(deps).contributions.get(groupId);
  return membersOfGroup(group);
};

/** A contribution as the access rule reads it: its permission, authors and group members. */
export const accessObject = async (deps: Pick<ObjectServiceDeps, 'readStore'>, doc: ContributionDocument) => ({
  permission: doc.permission,
  authors: doc.authors,
  groupMembers: await groupMembers(deps, doc.group),
});

/**
 * Issue 20 §4, the one rule for every view of the past (`?at=`, the history
 * tab, historical objects, earlier attachment versions; the time machine
 * applies it per ref): `mayReadPast` (services/api/past) — a past state is
 * shown only to a reader who could read it then (their role and the group's
 * members then) and can read it now. The caller has already checked that
 * the contribution is readable now.
 */
export const pastAccessFor = (deps: ObjectServiceDeps, grant: CommunityAccessGrant): PastAccess => new PastAccess(deps, grant);

/** The object, the caller's grant in its community, and the check that the caller may read it. */
export const readable = async (
  deps: ObjectServiceDeps,
  user: UserDocument,
  id: string,
): Promise<{ doc: ContributionDocument; grant: CommunityAccessGrant }> => {
  const doc = await objectCollections(deps).contributions.get(id);
  if (!doc) throw new NotFoundError(msg('objects.notFound'));
  const grant = await deps.access.member(user, doc.communityId);
  if (!canRead(subjectOf(grant), await accessObject(deps, doc))) throw new ForbiddenError();
  // An annotation is read with its note: a protected annotation of a private note stays hidden from the note's non-readers.
  if (doc.type === 'Annotation' && typeof doc.data.modelId === 'string') await readable(deps, user, doc.data.modelId);
  return { doc, grant };
};

/** The object of this community, and the check that the caller may write it. */
export const writable = async (deps: ObjectServiceDeps, user: UserDocument, communityId: string, id: string) => {
  const grant = await deps.access.member(user, communityId);
  const doc = await objectCollections(deps).contributions.get(id);
  if (!doc || doc.communityId !== communityId) throw new NotFoundError(msg('objects.notFound'));
  if (!canWrite(subjectOf(grant), await accessObject(deps, doc))) throw new ForbiddenError();
  return { doc, grant };
};

/**
 * Who a contribution belongs to and who may see it are its authors' business
 * (and the managers'): a classmate who may edit a public or group note must
 * not make himself co-author and then hide or publish it (issue 20 §3).
 */
export const ownedByCaller = async (deps: ObjectServiceDeps, user: UserDocument, communityId: string, id: string) => {
  const { doc, grant } = await writable(deps, user, communityId, id);
  if (!mayChangeOwnership(subjectOf(grant), doc.authors)) throw new ForbiddenError(msg('objects.authorsOnly'));
  return { doc, grant };
};
