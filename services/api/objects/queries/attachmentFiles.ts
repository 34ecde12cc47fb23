import { timingSafeEqual } from 'node:crypto';
import { playbackLinkSeconds, type VideoComment } from '../../../../contracts/api/objects.ts';
import { isOfType } from '../../../../contracts/contributionData.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import { attachmentUrl, attachmentVersionsOf } from '../../../../projections/contributions/content.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import { ForbiddenError, NotFoundError } from '../../../core/errors.ts';
import { attachmentSignature, signedQuery } from '../attachmentSignature.ts';
import { fetchableVersions } from '../fetchableVersions.ts';
import { objectCollections, readable, type ObjectServiceDeps } from '../objectAccess.ts';

/** A signed link to one version, valid for 600 s, for readers (video players and images cannot send a bearer token). */
export const playbackLink = async (deps: ObjectServiceDeps, user: UserDocument, id: string, version?: number) => {
  const { doc, grant } = await readable(deps, user, id);
  const versions = attachmentVersionsOf(doc);
  const chosen = version ?? versions.at(-1)?.version;
  if (chosen === undefined || !versions.some((v) => v.version === chosen)) throw new NotFoundError(msg('objects.versionNotFound'));
  if (!(await fetchableVersions(deps, grant, doc)).has(chosen)) throw new ForbiddenError(msg('objects.notReadableThen'));
  const expires = Math.floor(deps.clock.now().getTime() / 1000) + playbackLinkSeconds;
  return { url: `${attachmentUrl(id, chosen)}${signedQuery(deps.secret, id, chosen, expires, user._id)}`, expires };
};

const checkSignature = (deps: ObjectServiceDeps, id: string, version: number, expires: number, sig: string, userId: string) => {
  const expected = Buffer.from(attachmentSignature(deps.secret, id, version, expires, userId));
  const given = Buffer.from(sig);
  const valid = expected.length === given.length && timingSafeEqual(expected, given);
  if (!valid || expires * 1000 < deps.clock.now().getTime()) throw new ForbiddenError(msg('objects.linkExpired'));
};

/**
 * The bytes of one version, for a reader or the holder of a valid signed
 * link. A link opens only what the user it was given to may read at the
 * time of the request (issue 20 §4): the same checks as with their token.
 */
export const attachmentFile = async (
  deps: ObjectServiceDeps,
  user: UserDocument | null,
  id: string,
  version: number,
  link?: { expires: number; sig: string; userId?: string },
) => {
  let reader = user;
  if (link) {
    checkSignature(deps, id, version, link.expires, link.sig, link.userId ?? '');
    reader = link.userId ? await objectCollections(deps).users.get(link.userId) : null;
  }
  if (!reader) throw new ForbiddenError(link ? msg('objects.linkExpired') : undefined);
  const { doc, grant } = await readable(deps, reader, id);
  const entry = attachmentVersionsOf(doc).find((v) => v.version === version);
  if (!entry) throw new NotFoundError(msg('objects.versionNotFound'));
  if (!(await fetchableVersions(deps, grant, doc)).has(version)) throw new ForbiddenError(msg('objects.notReadableThen'));
  const blob = await deps.blobStore.get(entry.blobKey);
  if (!blob) throw new NotFoundError(msg('objects.versionNotFound'));
  return { bytes: blob.data, mime: entry.mime, filename: entry.filename };
};

/** A video's comments, by time, for its readers. */
export const videoComments = async (deps: ObjectServiceDeps, user: UserDocument, id: string): Promise<VideoComment[]> => {
  const { doc } = await readable(deps, user, id);
  const comments = isOfType(doc, 'Attachment') && Array.isArray(doc.data.videoComments) ? doc.data.videoComments : [];
  return [...comments].sort((a, b) => a.time - b.time);
};
