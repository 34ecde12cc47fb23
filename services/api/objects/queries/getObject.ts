import type { ObjectReply } from '../../../../contracts/api/objects.ts';
import { contributionStreamName, type ContributionEvent } from '../../../../contracts/events/contribution.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import { evolveContribution, type ContributionDocument, type ContributionSnapshot } from '../../../../projections/contributions/index.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../../core/errors.ts';
import { pastAccessFor, readable, type ObjectServiceDeps } from '../objectAccess.ts';
import { toObjectReply } from '../objectReply.ts';

/** GET /api/objects/{id}, optionally as it was at `at` (its own stream folded up to then). */
export const getObject = async (deps: ObjectServiceDeps, user: UserDocument, id: string, at?: string): Promise<ObjectReply> => {
  const { doc, grant } = await readable(deps, user, id);
  if (at === undefined) return toObjectReply(deps, doc, grant, doc.revision ?? 0);
  const instant = Date.parse(at);
  if (Number.isNaN(instant)) throw ValidationError.field('at', msg('errors.badDateTime', { field: 'at' }));
  const { events } = await deps.eventStore.readStream<ContributionEvent>(contributionStreamName(id));
  let past: ContributionSnapshot | null = null;
  let revision = 0;
  for (const event of events) {
    if (Date.parse(event.metadata.at) > instant) break;
    const next = evolveContribution(past ? { ...past, _position: 0 } : null, event);
    if (next && next !== past) revision = event.streamRevision;
    past = next;
  }
  if (!past) throw new NotFoundError(msg('objects.notYetAt'));
  if (!(await pastAccessFor(deps, grant).mayRead(id, instant, past))) throw new ForbiddenError(msg('objects.notReadableThen'));
  const { _position, ...snapshot } = past as ContributionDocument;
  return toObjectReply(deps, snapshot, grant, revision);
};
