/**
 * Scaffold support tracker benchmark (issue 13 §7): the class of the shape of
 * a real one (108 pupils, 3,779 notes, services/cli/seed, as bench/analytics.ts),
 * then GET /api/analytics/{communityId}/scaffoldsupporttracker with every
 * registered support chosen, timed for a writer and for the teacher, and the
 * scaffold manager's page. Figures only: nothing is asserted.
 *
 * Run alone with `node --import tsx bench/scaffoldTracker.ts`; BENCH_ANALYTICS_SCALE (1)
 * shrinks the class, BENCH_ANALYTICS_RUNS (50) sets the timed requests.
 */
import type { ScaffoldManagerReply, TrackerReply } from '../contracts/api/scaffolds.ts';
import { teacherUserName, pupilUserName } from '../services/cli/seed/plan.ts';
import { fmt, medianGet, scaleFrom, seedRealClass } from './realClass.ts';

const runs = Number(process.env.BENCH_ANALYTICS_RUNS ?? 50);
const { t, communityId, size, login } = await seedRealClass({ scale: scaleFrom(process.env.BENCH_ANALYTICS_SCALE) });
try {
  const writer = await login(pupilUserName(0, 1));
  const teacher = await login(teacherUserName(0));
  const page = JSON.parse(
    (await medianGet(t, teacher, `/api/communities/${communityId}/scaffoldmanager`, { runs: 1, warmup: 0 })).body,
  ) as ScaffoldManagerReply;
  const supports = page.scaffolds.flatMap((s) => s.supports.map((support) => support._id));
  const time = (token: string, url: string) => medianGet(t, token, url, { runs, warmup: 5 });
  const trackerUrl = `/api/analytics/${communityId}/scaffoldsupporttracker?supports=${supports.join(',')}`;
  const asWriter = await time(writer, trackerUrl);
  const asTeacher = await time(teacher, trackerUrl);
  const manager = await time(teacher, `/api/communities/${communityId}/scaffoldmanager`);
  const reply = JSON.parse(asTeacher.body) as TrackerReply;
  console.log(`\nScaffold support tracker — ${fmt(size.pupils)} pupils, ${fmt(size.notes)} notes, ${supports.length} supports chosen`);
  console.log(`   tracker as a writer (pseudonyms) : median ${fmt(asWriter.median, 2)} ms (goal ≤ 300 ms)`);
  console.log(
    `   tracker as the teacher (names)   : median ${fmt(asTeacher.median, 2)} ms (${fmt(reply.searched)} notes searched, ${fmt(reply.notes.length)} use a support)`,
  );
  console.log(`   scaffold manager page            : median ${fmt(manager.median, 2)} ms`);
} finally {
  await t.close();
}
