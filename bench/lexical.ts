/**
 * Lexical statistics benchmark (issue 13 §7): the real-class community (108
 * pupils, 3,779 notes, seeded through the use cases as in bench/analytics.ts),
 * then the lexical job's full recompute of every note's row (goal ≤ 5 s), its
 * incremental update after one edited note (goal ≤ 50 ms), and the student
 * dictionary and view word cloud routes served from the rows (goal ≤ 300 ms).
 * The baseline is the original's way: every note's text read and counted again
 * for each request (here: the full recompute), beside the incremental update.
 * Figures only: nothing is asserted.
 *
 * Run alone with `node --import tsx bench/lexical.ts` (or BENCH_ONLY=lexical npm run bench);
 * BENCH_LEXICAL_SCALE (1) shrinks the class, BENCH_LEXICAL_RUNS (20) sets the timed requests.
 */
import { authorsCollectionName, type AuthorDocument } from '../projections/authors/index.ts';
import { contributionsCollectionName, type ContributionDocument } from '../projections/contributions/index.ts';
import { usersCollectionName, type UserDocument } from '../projections/users/index.ts';
import { updateLexical } from '../services/api/analytics/lexicalStore.ts';
import { teacherUserName } from '../services/cli/seed/plan.ts';
import { bearer } from '../tests/support/testApp.ts';
import { fmt, median, medianGet, scaleFrom, seedRealClass } from './realClass.ts';

const runs = Number(process.env.BENCH_LEXICAL_RUNS ?? 20);

export const benchLexical = async () => {
  // No lexical job from events during the bench (a day's debounce): the bench times the update itself.
  const { t, communityId, size, clock, login } = await seedRealClass({
    scale: scaleFrom(process.env.BENCH_LEXICAL_SCALE),
    config: { analyticsDebounceMs: 86_400_000 },
  });
  try {
    await t.infra.lexicalJobs?.stop();
    const readStore = t.infra.readStore;

    // Wall-clock and this process's CPU time (on a shared, loaded machine the second says more of the code).
    const cpuMs = (since: NodeJS.CpuUsage) => {
      const used = process.cpuUsage(since);
      return (used.user + used.system) / 1000;
    };
    const fullTimes: number[] = [];
    const fullCpu: number[] = [];
    let rows = 0;
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const cpu = process.cpuUsage();
      rows = (await updateLexical(readStore, clock, communityId, true)).recomputed;
      fullTimes.push(performance.now() - started);
      fullCpu.push(cpuMs(cpu));
    }

    // One note edited by its author through the API, applied, then the incremental update timed.
    const notes = await readStore
      .collection<ContributionDocument>(contributionsCollectionName)
      .find({ communityId, type: 'Note', status: 'active' });
    const incrementalTimes: number[] = [];
    const incrementalCpu: number[] = [];
    let recomputed = 0;
    for (let i = 0; i < 5; i++) {
      const note = notes[(i * 97) % notes.length];
      if (!note) break;
      const author = await readStore.collection<AuthorDocument>(authorsCollectionName).get(note.authors[0] ?? '');
      const user = author ? await readStore.collection<UserDocument>(usersCollectionName).get(author.userId) : null;
      if (!user) throw new Error('no author to edit a note');
      const token = await login(user.userName);
      const loaded = await t.app.inject({ method: 'GET', url: `/api/objects/${note._id}`, headers: bearer(token) });
      const { revision } = loaded.json<{ revision: number }>();
      const body = {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: `Une idée améliorable, revue ${i} : l'émergence du savoir.` }] }],
      };
      const saved = await t.app.inject({
        method: 'PUT',
        url: `/api/objects/${communityId}/${note._id}`,
        headers: bearer(token),
        payload: { revision, title: note.title, body },
      });
      if (saved.statusCode >= 300) throw new Error(`edit failed: ${saved.statusCode} ${saved.body}`);
      await t.infra.runner.waitFor(await t.infra.eventStore.headPosition(), 30_000);
      const started = performance.now();
      const cpu = process.cpuUsage();
      recomputed = (await updateLexical(readStore, clock, communityId)).recomputed;
      incrementalTimes.push(performance.now() - started);
      incrementalCpu.push(cpuMs(cpu));
    }

    const teacher = await login(teacherUserName(0));
    const viewId =
      (
        await readStore
          .collection<ContributionDocument>(contributionsCollectionName)
          .findOne({ communityId, type: 'View', status: 'active' })
      )?._id ?? '';
    const route = async (url: string) => (await medianGet(t, teacher, url, { runs })).median;
    const dictionary = await route(`/api/lexical/${communityId}/dictionary`);
    const wordCloud = await route(`/api/lexical/views/${viewId}/wordcloud`);
    return {
      notes: notes.length,
      rows,
      full: median(fullTimes),
      fullCpu: median(fullCpu),
      incremental: median(incrementalTimes),
      incrementalCpu: median(incrementalCpu),
      recomputed,
      size,
      dictionary,
      wordCloud,
    };
  } finally {
    await t.close();
  }
};

const result = await benchLexical();
console.log(`\n7. Lexical statistics (issue 13) — ${fmt(result.size.pupils)} pupils, ${fmt(result.notes)} active notes`);
console.log(
  `   full recompute (every note's row)       : median ${fmt(result.full, 0)} ms, CPU ${fmt(result.fullCpu, 0)} ms  (${fmt(result.rows)} rows; goal ≤ 5,000 ms)`,
);
console.log(
  `   incremental, one edited note            : median ${fmt(result.incremental, 2)} ms, CPU ${fmt(result.incrementalCpu, 2)} ms  (${fmt(result.recomputed)} row recomputed; goal ≤ 50 ms)`,
);
console.log(
  `   baseline: every note counted again      : ${(result.full / result.incremental).toFixed(0)}× the incremental update (the original counted every note on each visit)`,
);
console.log(`   GET …/dictionary (teacher, from rows)   : median ${fmt(result.dictionary, 2)} ms  (goal ≤ 300 ms)`);
console.log(`   GET …/views/{id}/wordcloud (from rows)  : median ${fmt(result.wordCloud, 2)} ms  (goal ≤ 300 ms)`);
