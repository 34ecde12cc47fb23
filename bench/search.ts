/**
 * Search benchmark (issue 14 §5): a class of the shape of a real one (108
 * pupils, 3,779 notes; services/cli/seed) played through the use cases on the
 * embedded stores, then a one-word search timed as the server answers it
 * (POST /api/contributions/{communityId}/search, in-process), p50 and p99,
 * beside the search as it was before the index: every active note and view of
 * the community read from the read store, matched by a lower-cased substring
 * test, then the permission rule (baseline, in the same process). Also the
 * time to index one contributed note (a write of the index entry, FTS5).
 * Figures only: nothing is asserted.
 *
 * `node --import tsx bench/search.ts` (or BENCH_ONLY=search npm run bench);
 * BENCH_SEARCH_SCALE (1) shrinks the class, BENCH_SEARCH_RUNS (200) sets the timed requests.
 */
import { loadavg } from 'node:os';
import type { SearchReply } from '../contracts/api/search.ts';
import { canRead } from '../contracts/permissions.ts';
import type { ContributionDocument } from '../projections/contributions/index.ts';
import { searchIndexCollectionName, type SearchIndexDocument } from '../projections/search/index.ts';
import { accessObject } from '../services/api/canvas/canvasReader.ts';
import { teacherUserName, pupilUserName } from '../services/cli/seed/plan.ts';
import { tokensOf } from '../services/core/textSearch.ts';
import { bearer } from '../tests/support/testApp.ts';
import { fmt, scaleFrom, seedRealClass } from './realClass.ts';

const runs = Number(process.env.BENCH_SEARCH_RUNS ?? 200);
const percentiles = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
  return { p50: at(0.5), p99: at(0.99) };
};

// A short analytics window, then a pause: the class's analytics and lexical jobs (each recomputes the class in a few hundred
// ms of the same event loop) run after the seed rather than in the middle of the timed searches.
const { t, communityId, size, seedSeconds, login } = await seedRealClass({
  scale: scaleFrom(process.env.BENCH_SEARCH_SCALE),
  config: { analyticsDebounceMs: 500 },
});
await t.infra.analyticsJobs?.idle();
await t.infra.lexicalJobs?.idle();
await new Promise((resolve) => setTimeout(resolve, 5_000));
try {
  const writer = await login(pupilUserName(0, 1));
  await login(teacherUserName(0));

  // One-word queries: words of the class's own notes (five letters or more), each searched in turn.
  const index = t.infra.readStore.collection<SearchIndexDocument>(searchIndexCollectionName);
  const entries = await index.find({ communityId, type: 'Note' });
  const counts = new Map<string, number>();
  for (const entry of entries) {
    for (const token of new Set(tokensOf(entry.body))) if (token.length >= 5) counts.set(token, (counts.get(token) ?? 0) + 1);
  }
  const words = [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 40)
    .map(([word]) => word);

  const url = `/api/contributions/${communityId}/search`;
  const indexed: number[] = [];
  // CPU time of the process per request (the route, its garbage collection, SQLite), beside the wall time: on a
  // shared machine the wall time's tail is mostly other processes holding the core.
  const cpu: number[] = [];
  let found = 0;
  for (let i = 0; i < runs + 10; i++) {
    const word = words[i % words.length] ?? 'note';
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const response = await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(writer),
      payload: { query: { words: word }, searchType: 'main_search' },
    });
    if (i >= 10) {
      indexed.push(performance.now() - started);
      const used = process.cpuUsage(cpuBefore);
      cpu.push((used.user + used.system) / 1000);
    }
    if (response.statusCode !== 200) throw new Error(`search failed: ${response.statusCode} ${response.body}`);
    found += response.json<SearchReply>().pager.total;
  }

  // Baseline: the search before the index (every note and view read, substring test, then the permission rule).
  const me = await t.infra.readStore.collection<{ _id: string; communityId: string; userId: string }>('authors').findOne({ communityId });
  const subject = { authorId: me?._id ?? null, isManager: false };
  const contributions = t.infra.readStore.collection<ContributionDocument>('contributions');
  const scan: number[] = [];
  for (let i = 0; i < Math.max(20, Math.round(runs / 4)) + 3; i++) {
    const word = words[i % words.length] ?? 'note';
    const started = performance.now();
    const candidates = await contributions.find({ communityId, type: { $in: ['Note', 'View'] }, status: 'active' });
    const kept = candidates.filter(
      (doc) => (doc.text4search ?? doc.title).toLocaleLowerCase().includes(word) && canRead(subject, accessObject(doc, [])),
    );
    kept.sort((a, b) => b.created.localeCompare(a.created));
    if (i >= 3) scan.push(performance.now() - started);
  }

  // Indexing one contributed note: the index entry's write (document, FTS5 row) in its own transaction.
  const sample = entries[0];
  const writes: number[] = [];
  for (let i = 0; sample && i < 200; i++) {
    const started = performance.now();
    await index.put({ ...sample, _id: `bench${String(i).padStart(19, '0')}`, body: `${sample.body} ${i}` });
    writes.push(performance.now() - started);
  }

  const withIndex = percentiles(indexed);
  const withIndexCpu = percentiles(cpu);
  const before = percentiles(scan);
  const write = percentiles(writes);
  console.log(
    `\n7. Search, POST /api/contributions/{communityId}/search — ${fmt(size.pupils)} pupils, ${fmt(entries.length)} notes (seeded through the use cases in ${fmt(seedSeconds, 1)} s), one word (${words.length} words in turn, ${fmt(found / (runs + 10))} matches on average)`,
  );
  console.log(
    `   route on the FTS5 index, as a writer   : p50 ${fmt(withIndex.p50, 2)} ms, p99 ${fmt(withIndex.p99, 2)} ms  (goal ≤ 20 ms median, ≤ 50 ms p99)`,
  );
  console.log(
    `   the same requests' CPU time            : p50 ${fmt(withIndexCpu.p50, 2)} ms, p99 ${fmt(withIndexCpu.p99, 2)} ms  (load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(', ')})`,
  );
  console.log(
    `   scan before the index (baseline)       : p50 ${fmt(before.p50, 2)} ms, p99 ${fmt(before.p99, 2)} ms  (reads, substring test, permission only)`,
  );
  console.log(
    `   ratio scan / index                     : p50 ${(before.p50 / withIndex.p50).toFixed(1)}×, p99 ${(before.p99 / withIndex.p99).toFixed(1)}×`,
  );
  console.log(`   indexing a contributed note            : p50 ${fmt(write.p50, 2)} ms, p99 ${fmt(write.p99, 2)} ms  (goal ≤ 5 ms)`);
} finally {
  await t.close();
}
