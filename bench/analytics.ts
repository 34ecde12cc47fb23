/**
 * Statistics page benchmark (issue 12 item 8, server part): a class of the
 * shape of a real one (108 pupils and their teacher, 3,779 notes in 12 views,
 * build-ons, scaffolds, reads, edits and moves) is played through the use
 * cases (services/cli/seed), then GET /api/analytics/{communityId}/stats is
 * timed for a writer and for the teacher. The baseline is the same figures
 * computed naively, as the original did in the browser: read every event of
 * the log, fold the contributions in JS, count. Figures only: nothing is asserted.
 *
 * Run alone with `node --import tsx bench/analytics.ts` (or BENCH_ONLY=analytics
 * npm run bench); BENCH_ANALYTICS_SCALE (1) shrinks the class (0.1: a tenth of
 * the notes, reads and days), BENCH_ANALYTICS_RUNS (50) sets the timed requests.
 */
import type { StatsReply } from '../contracts/api/analytics.ts';
import type { RecordedEvent } from '../contracts/events/event.ts';
import { supportsInBody } from '../projections/analytics/index.ts';
import { teacherUserName, pupilUserName } from '../services/cli/seed/plan.ts';
import { computeStats, type StatsItem } from '../services/domain/analytics/stats.ts';
import { refreshAggregate } from '../services/api/analytics/aggregateStore.ts';
import { analyticsBundleSizes } from './bundleSizes.ts';
import type { TestApp } from '../tests/support/testApp.ts';
import { fmt, median, medianGet, scaleFrom, seedRealClass } from './realClass.ts';

const runs = Number(process.env.BENCH_ANALYTICS_RUNS ?? 50);

/** The naive way: every event of the log, folded in JS into the contributions of one community, then counted. */
const naiveStats = async (t: TestApp, communityId: string, me: string | null, range: { from: string; to: string }) => {
  type Item = StatsItem & { status: string; permission: string; communityId: string };
  const items = new Map<string, Item>();
  const links = new Map<string, { from: string; to: string }>();
  for (let after = 0; ;) {
    const page: RecordedEvent[] = await t.infra.eventStore.readAll({ after, maxCount: 1_000 });
    if (page.length === 0) break;
    for (const event of page) {
      const data = event.data as Record<string, unknown> & { contributionId: string };
      const item = items.get(data.contributionId);
      switch (event.type) {
        case 'ContributionCreated':
          items.set(data.contributionId, {
            id: data.contributionId,
            communityId: data.communityId as string,
            type: data.type as string,
            authors: data.authors as string[],
            created: event.metadata.at,
            status: data.status as string,
            permission: data.permission as string,
            views: [],
            supports: {},
          });
          break;
        case 'NoteContributed':
        case 'NoteSaved':
          if (item) Object.assign(item, { status: 'active', supports: supportsInBody(data.body) });
          break;
        case 'ContributionStatusChanged':
        case 'PermissionChanged':
          if (item) Object.assign(item, event.type === 'PermissionChanged' ? { permission: data.permission } : { status: data.status });
          break;
        case 'LinkCreated':
          if (data.type === 'contains') {
            links.set(data.linkId as string, { from: data.from as string, to: data.to as string });
            const target = items.get(data.to as string);
            if (target) target.views = [...target.views, data.from as string];
          }
          break;
        case 'LinkDeleted': {
          const link = links.get(data.linkId as string);
          const target = link ? items.get(link.to) : undefined;
          if (link && target) target.views = target.views.filter((view) => view !== link.from);
          break;
        }
        default:
      }
    }
    after = page[page.length - 1]?.globalPosition ?? after;
  }
  const kept = [...items.values()].filter(
    (item) =>
      item.communityId === communityId &&
      item.status === 'active' &&
      ['Note', 'Drawing', 'Attachment'].includes(item.type) &&
      (item.permission !== 'private' || (me !== null && item.authors.includes(me))),
  );
  return computeStats(kept, me, { range }, []);
};

export const benchAnalytics = async () => {
  const { t, communityId, size, clock, seedSeconds, login } = await seedRealClass({ scale: scaleFrom(process.env.BENCH_ANALYTICS_SCALE) });
  try {
    const events = await t.infra.eventStore.headPosition();
    const writer = await login(pupilUserName(0, 1));
    const teacher = await login(teacherUserName(0));
    const range = { from: '2025-08-15', to: '2026-06-30' };
    const url = `/api/analytics/${communityId}/stats?from=${range.from}&to=${range.to}`;
    const time = async (token: string) => {
      const { median: ms, body } = await medianGet(t, token, url, { runs, warmup: 5 });
      return { median: ms, reply: JSON.parse(body) as StatsReply };
    };
    const asWriter = await time(writer);
    const asTeacher = await time(teacher);
    const naiveTimes: number[] = [];
    let naiveTotal = 0;
    for (let i = 0; i < Math.max(3, Math.round(runs / 10)); i++) {
      const started = performance.now();
      naiveTotal = (await naiveStats(t, communityId, null, range)).total.community;
      naiveTimes.push(performance.now() - started);
    }
    // The job's recompute of the community's aggregate (reads graph, activity per day, build-ons), then each page it serves.
    const jobTimes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await refreshAggregate(t.infra.readStore, clock, communityId);
      jobTimes.push(performance.now() - started);
    }
    const pages: { page: string; median: number }[] = [];
    for (const page of ['s2viz', 'dashboard', 'dashboard2', 'authornetwork']) {
      const { median: ms } = await medianGet(t, teacher, `/api/analytics/${communityId}/${page}`, {
        runs: Math.max(5, Math.round(runs / 5)),
      });
      pages.push({ page, median: ms });
    }
    const rebuild = await t.infra.runner.rebuild(['analytics']);
    return {
      size,
      seedSeconds,
      events,
      asWriter,
      asTeacher,
      naive: { median: median(naiveTimes), total: naiveTotal },
      job: median(jobTimes),
      pages,
      rebuild,
    };
  } finally {
    await t.close();
  }
};

const result = await benchAnalytics();
console.log(
  `\n6. Statistics page, GET /api/analytics/{communityId}/stats — ${fmt(result.size.pupils)} pupils, ${fmt(result.size.notes)} notes, ${fmt(result.events)} events (seeded through the use cases in ${fmt(result.seedSeconds, 1)} s)`,
);
console.log(
  `   as a writer (pseudonyms)               : median ${fmt(result.asWriter.median, 2)} ms  (${fmt(result.asWriter.reply.total.community)} contributions counted)`,
);
console.log(
  `   as the teacher (names)                 : median ${fmt(result.asTeacher.median, 2)} ms  (${fmt(result.asTeacher.reply.total.community)} contributions counted; goal ≤ 300 ms)`,
);
console.log(
  `   naive fold of every event (baseline)   : median ${fmt(result.naive.median, 2)} ms  (${fmt(result.naive.total)} contributions counted)`,
);
console.log(`   ratio naive / route (teacher, median)  : ${(result.naive.median / result.asTeacher.median).toFixed(1)}×`);
console.log(
  `   analytics projection rebuild           : ${fmt(result.rebuild.events)} events in ${fmt(result.rebuild.ms)} ms (${fmt(result.rebuild.eventsPerSecond)} events/s)`,
);
console.log(`   analytics job (one class's aggregate)  : median ${fmt(result.job, 1)} ms  (goal ≤ 2,000 ms)`);
for (const { page, median: ms } of result.pages) {
  console.log(
    `   GET …/${page.padEnd(13)} after the job   : median ${fmt(ms, 2)} ms  (goal ≤ 300 ms; the naive fold above takes ${(result.naive.median / ms).toFixed(1)}× as long)`,
  );
}
console.log(analyticsBundleSizes());
