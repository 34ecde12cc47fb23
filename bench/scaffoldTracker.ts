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
import { seedPassword } from '../services/cli/seed/playClass.ts';
import { schoolClock, seedDistrict } from '../services/cli/seed/district.ts';
import { realClassSize, teacherUserName, pupilUserName, type ClassSize } from '../services/cli/seed/plan.ts';
import { buildObjectsTestApp } from '../tests/support/objects.ts';
import { bearer } from '../tests/support/testApp.ts';

const scale = Math.min(1, Math.max(0.01, Number(process.env.BENCH_ANALYTICS_SCALE ?? 1)));
const runs = Number(process.env.BENCH_ANALYTICS_RUNS ?? 50);
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const size: ClassSize = {
  ...realClassSize,
  pupils: Math.max(6, Math.round(realClassSize.pupils * scale)),
  notes: Math.max(20, Math.round(realClassSize.notes * scale)),
  days: Math.max(3, Math.round(realClassSize.days * scale)),
  reads: Math.round(realClassSize.reads * scale),
  edits: Math.round(realClassSize.edits * scale),
  moves: Math.round(realClassSize.moves * scale),
};

const clock = schoolClock();
const t = await buildObjectsTestApp({ clock });
try {
  const { user: admin } = await t.infra.accounts.createOrPromoteAdmin({ userName: 'bench-admin', password: 'admin-pass-1' });
  const { classes } = await seedDistrict(t.infra, admin, { classes: 1, size, clock });
  const communityId = classes[0]?.communityId ?? '';
  const writer = await t.login(pupilUserName(0, 1), seedPassword);
  const teacher = await t.login(teacherUserName(0), seedPassword);
  const page = (
    await t.app.inject({ method: 'GET', url: `/api/communities/${communityId}/scaffoldmanager`, headers: bearer(teacher) })
  ).json<ScaffoldManagerReply>();
  const supports = page.scaffolds.flatMap((s) => s.supports.map((support) => support._id));
  const time = async (token: string, url: string) => {
    const times: number[] = [];
    let body = '';
    for (let i = 0; i < runs + 5; i++) {
      const started = performance.now();
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      if (i >= 5) times.push(performance.now() - started);
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      body = response.body;
    }
    return { median: median(times), body };
  };
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
