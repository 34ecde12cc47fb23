import { quarantineCollection, type QuarantinedEvent } from '../../projections/runner.ts';
import type { ReadStore } from '../core/readStore.ts';

export type DoctorReport = { quarantined: QuarantinedEvent[] };

/**
 * What `kf doctor` checks: the events a projection could not apply (skipped
 * and recorded by the runner, see `quarantineCollection`), oldest first.
 */
export const doctorReport = async (readStore: ReadStore): Promise<DoctorReport> => {
  await readStore.ensureCollection({ name: quarantineCollection });
  const quarantined = await readStore.collection<QuarantinedEvent>(quarantineCollection).find({});
  quarantined.sort((a, b) => a.position - b.position || a.projection.localeCompare(b.projection));
  return { quarantined };
};

/** The report as the operator reads it. */
export const formatDoctorReport = ({ quarantined }: DoctorReport): string => {
  if (quarantined.length === 0) return 'no quarantined events: every projection applied every event\n';
  const lines = quarantined.map(
    (q) => `  #${q.position} ${q.eventType} in ${q.streamName} (event ${q.eventId}), projection ${q.projection}, since ${q.at}: ${q.error}`,
  );
  return (
    `${quarantined.length} quarantined event(s): the read models skip them; the event log still holds them.\n` + `${lines.join('\n')}\n`
  );
};
