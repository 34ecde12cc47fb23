/**
 * `npm run seed -- --classes N`: a district of N real-size classes (108
 * pupils and their teacher, 3,779 notes each) played through the use cases
 * into the data folder, to try Buildon or measure it at the size of a school
 * board. Refuses a data folder that already holds events.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../app/config.ts';
import { dataFolderNotice, readConfigSource } from '../../app/configFile.ts';
import { argon2Hasher, openInfrastructure } from '../../app/infrastructure.ts';
import { runningServer } from '../../app/serverLock.ts';
import type { ImportedEvent } from '../../core/eventStore.ts';
import { progressBar } from '../progress.ts';
import { seedClassByClass } from './classByClass.ts';
import { hashOnce, schoolClock, seedDistrict } from './district.ts';
import { countActions, planClass, pupilUserName, realClassSize, teacherUserName } from './plan.ts';
import { seedPassword } from './playClass.ts';

const usage = `npm run seed -- --classes <N> [--seed <n>] [--pupils <n>] [--notes <n>] [--in-step]

  Plays N classes (default size: ${realClassSize.pupils} pupils, ${realClassSize.notes.toLocaleString('en-US')} notes,
  ${realClassSize.views} views, a school year) into the data folder the server uses
  (BUILDON_DATA_DIR, default ./data). The folder must hold no events yet.
  --pupils and --notes make smaller classes (reads, edits and moves scale with them).

  Each class is played alone on a scratch folder (memory read models, no fsync per
  command), the classes' logs are merged in time order into the data folder in
  10,000-event transactions, and the read models are built once. --in-step plays
  every class side by side on the data folder itself, one durable command at a
  time (what the server would do; ~5x slower).`;

const fail = (message: string): never => {
  process.stderr.write(`error: ${message}\n`);
  process.exit(1);
};

const { values } = parseArgs({
  options: {
    classes: { type: 'string' },
    seed: { type: 'string' },
    pupils: { type: 'string' },
    notes: { type: 'string' },
    'in-step': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help || !values.classes) {
  process.stdout.write(`${usage}\n`);
  process.exit(values.help ? 0 : 1);
}
const positive = (name: string, text: string | undefined, fallback: number): number => {
  if (text === undefined) return fallback;
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? n : fail(`--${name} must be a whole number above 0 (got "${text}")`);
};
const classes = positive('classes', values.classes, 1);
const pupils = positive('pupils', values.pupils, realClassSize.pupils);
const notes = positive('notes', values.notes, realClassSize.notes);
const scale = notes / realClassSize.notes;
const size = {
  ...realClassSize,
  pupils,
  notes,
  days: Math.max(1, Math.min(realClassSize.days, Math.ceil(notes / 10))),
  reads: Math.round(realClassSize.reads * scale),
  edits: Math.round(realClassSize.edits * scale),
  moves: Math.round(realClassSize.moves * scale),
};

process.umask(0o077);
const source = readConfigSource();
const config = loadConfig(source.env);
if (!config.eventStoreUrl) {
  process.stderr.write(dataFolderNotice(config.dataDir, source, existsSync(join(config.dataDir, 'buildon.sqlite'))));
  if (runningServer(config.dataDir)) fail('a Buildon server is running on this data folder: stop it first.');
}

type BulkAppending = { importBatches(batches: AsyncIterable<readonly ImportedEvent[]>): Promise<{ events: number; lastPosition: number }> };
const seed = positive('seed', values.seed, 1);
const accounts = [
  `Accounts (password "${seedPassword}"): seed-admin (admin); ${teacherUserName(0)} (teacher of class 1); ${pupilUserName(0, 0)} … ${pupilUserName(0, pupils - 1)} (its pupils); c1-…, c2-… for the other classes.`,
  '',
];
const summary = (actions: number, events: number, seconds: number) =>
  `${classes} class(es), ${actions.toLocaleString('en-US')} actions, ${events.toLocaleString('en-US')} events in ${seconds.toFixed(0)} s (${Math.round(events / seconds).toLocaleString('en-US')} events/s)`;

const clock = schoolClock();
// Commands wait as long as needed for the read models: a 202 would leave the next action without its note.
const infra = await openInfrastructure(
  { ...config, snapshotIntervalMs: 0 },
  { clock, passwords: hashOnce(argon2Hasher), readModelWaitMs: 120_000 },
);
try {
  if ((await infra.eventStore.headPosition()) !== 0) fail('the data folder already holds events: seed a fresh one.');
  const started = performance.now();
  const bulk = infra.eventStore as Partial<BulkAppending>;
  if (!values['in-step'] && typeof bulk.importBatches === 'function') {
    // The read models are built once, after the log is in (as `kf import` does).
    await infra.runner.stop();
    const actions = Array.from({ length: classes }, (_, k) =>
      Object.values(countActions(planClass(k, size, seed))).reduce((a, b) => a + b, 0),
    );
    const result = await seedClassByClass(bulk as BulkAppending, {
      classes,
      size,
      seed,
      config,
      passwords: hashOnce(argon2Hasher),
      password: seedPassword,
      onClass: (done, total) =>
        process.stderr.write(`\rclass ${done}/${total} played · ${Math.round((performance.now() - started) / 1000)} s`),
      onMerged: (events) => process.stderr.write(`\rmerged into the data folder: ${events.toLocaleString('en-US')} events   `),
    });
    process.stderr.write('\n');
    const bar = progressBar('read models');
    const rebuilt = await infra.runner.rebuild([], (p) => bar.update(p.done, p.total));
    bar.done();
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(
      [
        summary(
          actions.reduce((a, b) => a + b, 0),
          result.events,
          seconds,
        ),
        `read models built: ${rebuilt.events.toLocaleString('en-US')} events in ${(rebuilt.ms / 1000).toFixed(1)} s`,
        ...accounts,
      ].join('\n'),
    );
  } else {
    const { user: admin } = await infra.accounts.createOrPromoteAdmin({ userName: 'seed-admin', password: seedPassword });
    const result = await seedDistrict(infra, admin, {
      classes,
      size,
      seed,
      clock,
      onDay: (done, total) => {
        const seconds = (performance.now() - started) / 1000;
        process.stderr.write(`\rday ${done}/${total} · ${Math.round(seconds)} s`);
      },
    });
    const events = await infra.eventStore.headPosition();
    process.stderr.write('\n');
    process.stdout.write([summary(result.actions, events, (performance.now() - started) / 1000), ...accounts].join('\n'));
  }
} finally {
  await infra.close();
}
