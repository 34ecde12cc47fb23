import { readsStreamName, type ReadMarked } from '../../../../contracts/events/read.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import { ValidationError } from '../../../core/errors.ts';
import { authorIn, metadataOf, readable, settle, type CanvasDeps } from './shared.ts';

/** POST /api/records/read/{communityId}/{contributionId}: marks an active, readable contribution read. */
export const markRead = async (
  deps: CanvasDeps,
  user: UserDocument,
  communityId: string,
  contributionId: string,
): Promise<{ contributionId: string; read: 'read'; at: string }> => {
  const me = await authorIn(deps, user, communityId);
  const doc = await readable(deps, me, contributionId, 'contributionId');
  if (doc.status !== 'active') throw ValidationError.field('contributionId', msg('canvasService.inactive'));
  const metadata = metadataOf(deps, user);
  const event: ReadMarked = { type: 'ReadMarked', data: { authorId: me.authorIdStrict, communityId, contributionId } };
  // Reads have no rule to fold: appended without reading the (long) stream.
  const result = await deps.eventStore.append(readsStreamName(me.authorIdStrict), [{ ...event, metadata }], {
    expectedRevision: 'any',
  });
  await settle(deps, [result.lastPosition]);
  return { contributionId, read: 'read', at: metadata.at };
};
