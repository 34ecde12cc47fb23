import { communityStreamName } from '../../../../contracts/events/community.ts';
import type { RecordedEvent } from '../../../../contracts/events/event.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import { authorsProjection } from '../../../../projections/authors/index.ts';
import { communitiesProjection } from '../../../../projections/communities/index.ts';
import { contributionsProjection } from '../../../../projections/contributions/index.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import { ForbiddenError, NotFoundError } from '../../../core/errors.ts';
import type { ProjectionContext } from '../../../core/projection.ts';
import { communityCollections, type CommunityServiceDeps } from '../communityContext.ts';

/** Streams whose events name this community (the other events of those streams follow). */
const streamsOf = async (deps: CommunityServiceDeps, communityId: string): Promise<Set<string>> => {
  const streams = new Set<string>([communityStreamName(communityId)]);
  for (let after = 0; ;) {
    const batch = await deps.eventStore.readAll({ after, maxCount: 5_000 });
    for (const event of batch) {
      const data = event.data as { communityId?: unknown };
      if (data.communityId === communityId) streams.add(event.streamName);
      after = event.globalPosition;
    }
    if (batch.length < 5_000) break;
  }
  return streams;
};

/**
 * "Update all cache" (admins): folds again, from the event store, every
 * stream of this community — the community, its authors, its contributions
 * and their links — into fresh read-model documents. Runs between two live
 * event applications, replaying only what the projections have already
 * applied (later events reach the documents the usual way).
 */
export const updateAllCache = async (deps: CommunityServiceDeps, admin: UserDocument, communityId: string): Promise<{ events: number }> => {
  if (admin.role !== 'admin') throw new ForbiddenError();
  const { eventStore, readStore } = deps;
  const { currentRevision } = await eventStore.readStream(communityStreamName(communityId), { maxCount: 1 });
  if (currentRevision === null) throw new NotFoundError(msg('errors.communityNotFound'));
  const streams = await streamsOf(deps, communityId);

  const projections = [communitiesProjection, authorsProjection, contributionsProjection];
  const context: ProjectionContext = { collection: (name) => readStore.collection(name) };
  return deps.runner.exclusive(async () => {
    const { communities, authors, contributions, links } = communityCollections(deps);
    const limit = deps.runner.position;
    const events: RecordedEvent[] = [];
    for (const stream of streams) events.push(...(await eventStore.readStream(stream)).events);
    const replay = events.filter((event) => event.globalPosition <= limit).sort((a, b) => a.globalPosition - b.globalPosition);
    await communities.delete(communityId);
    await authors.deleteMany({ communityId });
    await contributions.deleteMany({ communityId });
    await links.deleteMany({ communityId });
    let applied = 0;
    for (const event of replay) {
      for (const projection of projections) {
        if (projection.handles.includes(event.type)) await projection.apply(event, context);
      }
      applied++;
    }
    return { events: applied };
  });
};
