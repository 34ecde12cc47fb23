import { rmSync } from 'node:fs';
import { allProjections } from '../projections/index.ts';
import { ProjectionRunner } from '../projections/runner.ts';
import { openDatabase } from '../services/adapters/sqlite-eventstore/database.ts';
import { SqliteEventStore } from '../services/adapters/sqlite-eventstore/sqliteEventStore.ts';
import { openSqliteReadStore } from '../services/adapters/sqlite-readstore/open.ts';
import { CollectionTables } from '../services/adapters/sqlite-readstore/tables.ts';

const log = process.argv[2] as string;
const out = process.argv[3] as string;
const counts = new Map<string, { puts: number; fresh: number }>();
if (process.env.COUNT) {
  const put = CollectionTables.prototype.put;
  CollectionTables.prototype.put = function (doc) {
    const c = counts.get(this.name) ?? { puts: 0, fresh: 0 };
    c.puts++;
    const seen = ((this as unknown as { _seen?: Set<string> })._seen ??= new Set());
    if (!seen.has(doc._id)) { c.fresh++; seen.add(doc._id); }
    counts.set(this.name, c);
    return put.call(this, doc);
  };
}
for (const s of ['', '-wal', '-shm']) rmSync(out + s, { force: true });
const db = openDatabase(log);
const eventStore = new SqliteEventStore(db);
const readStore = openSqliteReadStore({ path: out });
const runner = new ProjectionRunner({ eventStore, readStore, projections: allProjections, batchSize: Number(process.env.BATCH ?? 1000) });
const cpu = process.cpuUsage();
const t0 = performance.now();
await runner.start();
const ms = performance.now() - t0;
const { user, system } = process.cpuUsage(cpu);
const events = await eventStore.headPosition();
console.log(`${events} events ${(ms / 1000).toFixed(1)} s wall ${Math.round(events / (ms / 1000))}/s; cpu ${((user + system) / 1e6).toFixed(1)} s → ${Math.round(events / ((user + system) / 1e6))}/cpu-s; rss ${Math.round(process.memoryUsage().rss / 1e6)} MB`);
if (process.env.COUNT) console.log(counts);
await runner.stop();
await readStore.close();
db.close();
