/**
 * A process to kill while it projects (tests/integration/readStoreRestart.int.spec.ts):
 * it opens the SQLite event log in argv[2] and the SQLite read store in argv[3],
 * and starts the projection runner, which catches up on the log in small
 * batches, one transaction each. It prints APPLIED after every event a
 * projection applies (so the test can kill it mid-way) and DONE once caught up.
 */
import { allProjections } from '../../projections/index.ts';
import { ProjectionRunner } from '../../projections/runner.ts';
import { SqliteEventStore } from '../../services/adapters/sqlite-eventstore/sqliteEventStore.ts';
import { openSqliteReadStore } from '../../services/adapters/sqlite-readstore/open.ts';
import type { Projection } from '../../services/core/projection.ts';

const [log, readModels] = process.argv.slice(2);
if (!log || !readModels) throw new Error('usage: projectionCrashChild.ts <event log> <read models file>');

const projections = allProjections.map((projection): Projection => ({
  ...projection,
  apply: async (event, context) => {
    await projection.apply(event, context);
    process.stdout.write('APPLIED\n');
  },
}));
const runner = new ProjectionRunner({
  eventStore: SqliteEventStore.open(log),
  readStore: openSqliteReadStore({ path: readModels }),
  projections,
  batchSize: 20,
});
// Keeps the process alive while it waits to be killed.
setInterval(() => undefined, 60_000);
await runner.start();
process.stdout.write('DONE\n');
