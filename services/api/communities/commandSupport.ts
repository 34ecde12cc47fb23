import type { EventMetadata } from '../../../contracts/events/event.ts';
import type { Clock } from '../../core/clock.ts';
import type { CommandDeps } from '../../core/commandDeps.ts';

/** Who runs a command and when (from the service's clock), optionally tied to a correlation id. */
export const eventMetadata = (clock: Clock, actorId: string | null, correlationId?: string): EventMetadata => ({
  actorId,
  at: clock.now().toISOString(),
  ...(correlationId ? { correlationId } : {}),
});

/** Read-your-writes: waits until the read models show the furthest of these positions (0 means nothing was written). */
export const waitForPositions = async (projections: CommandDeps['projections'], positions: number[]): Promise<void> => {
  const last = Math.max(0, ...positions);
  if (last > 0) await projections.waitFor(last);
};
