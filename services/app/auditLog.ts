import { auditStreamName, type OperatorActionRecorded, type RecordedAction } from '../../contracts/events/audit.ts';
import type { CommandDeps } from '../core/commandDeps.ts';

/**
 * Records an export or a rebuild in the audit trail (issue 17 §3) before it
 * runs: if the record cannot be stored, the caller's action fails with it,
 * so nothing leaves the server unaccounted for. Returns once the audit read
 * model shows it.
 */
export const recordAction = async (
  deps: Pick<CommandDeps, 'eventStore' | 'projections' | 'clock' | 'ids'>,
  actorId: string | null,
  action: RecordedAction,
  options: { via: 'api' | 'cli'; communityId?: string; details?: Record<string, string> },
): Promise<void> => {
  const auditId = deps.ids.next();
  const event: OperatorActionRecorded = {
    type: 'OperatorActionRecorded',
    data: {
      auditId,
      action,
      via: options.via,
      ...(options.communityId ? { communityId: options.communityId } : {}),
      ...(options.details && Object.keys(options.details).length > 0 ? { details: options.details } : {}),
    },
  };
  const result = await deps.eventStore.append(
    auditStreamName(auditId),
    [{ ...event, metadata: { actorId, at: deps.clock.now().toISOString() } }],
    { expectedRevision: 'no_stream' },
  );
  await deps.projections.waitFor(result.lastPosition);
};
