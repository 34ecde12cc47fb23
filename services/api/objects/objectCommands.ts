import { contributionStreamName } from '../../../contracts/events/contribution.ts';
import type { EventMetadata } from '../../../contracts/events/event.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import { handleCommand } from '../../core/decider.ts';
import { batchDecider } from '../../domain/contribution/batch.ts';
import { contributionDecider, type ContributionCommand } from '../../domain/contribution/contribution.decide.ts';
import type { ObjectServiceDeps } from './objectAccess.ts';

/** Who runs a command on the contribution page and when. */
export const objectMetadata = (deps: Pick<ObjectServiceDeps, 'clock'>, user: UserDocument): EventMetadata => ({
  actorId: user._id,
  at: deps.clock.now().toISOString(),
});

/** Decides and appends on one contribution's stream, without waiting for the read models: `runOnObject` without its wait. */
export const appendToObject = (
  deps: ObjectServiceDeps,
  user: UserDocument,
  id: string,
  commands: ContributionCommand[],
  expectedRevision?: number,
) =>
  handleCommand(deps.eventStore, contributionStreamName(id), batchDecider(contributionDecider), commands, {
    metadata: objectMetadata(deps, user),
    ...(expectedRevision !== undefined ? { expectedRevision } : {}),
  });

/** Decides, appends and returns once the read models show the result (read-your-writes). */
export const runOnObject = async (
  deps: ObjectServiceDeps,
  user: UserDocument,
  id: string,
  commands: ContributionCommand[],
  expectedRevision?: number,
) => {
  const result = await appendToObject(deps, user, id, commands, expectedRevision);
  if (result.lastPosition > 0) await deps.projections.waitFor(result.lastPosition);
  return result;
};
