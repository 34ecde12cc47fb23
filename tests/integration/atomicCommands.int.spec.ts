import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../contracts/events/event.ts';
import {
  contributionsCollectionName,
  linksCollectionName,
  type ContributionDocument,
  type LinkDocument,
} from '../../projections/contributions/index.ts';
import { buildTestApp, tempDataDir, type TestApp } from '../support/testApp.ts';

const root = join(import.meta.dirname, '../..');

/**
 * Runs tests/support/crashChild.ts over `dataDir`, waits until it printed
 * `marker` `count` times, then SIGKILLs it (no shutdown, no flush: a crash).
 */
const runAndKill = async (dataDir: string, mode: 'first-write' | 'loop', marker: string, count = 1): Promise<string> => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/crashChild.ts', dataDir, mode], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${marker} within 60 s:\n${output}`)), 60_000);
    const seen = () => output.split('\n').filter((line) => line === marker).length >= count;
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (!seen()) return;
      clearTimeout(timer);
      resolve();
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`child exited (${code}) before ${marker}:\n${output}`));
    });
  });
  child.kill('SIGKILL');
  await exited;
  return output;
};

type Created = { contributionId: string; type: string };
type Linked = { linkId: string; from: string; to: string; type: string };

/** What a reader of the event log and of the read models sees after the restart: nothing half done. */
const expectNoHalfDoneCommand = async (app: TestApp) => {
  const events: RecordedEvent[] = [];
  for (let after = 0; ;) {
    const page = await app.infra.eventStore.readAll({ after, maxCount: 1000 });
    if (page.length === 0) break;
    events.push(...page);
    after = page.at(-1)!.globalPosition;
  }
  const notes = events
    .filter((e) => e.type === 'ContributionCreated' && (e.data as Created).type === 'Note')
    .map((e) => (e.data as Created).contributionId);
  const links = events.filter((e) => e.type === 'LinkCreated').map((e) => e.data as Linked);
  const placed = new Set(links.filter((link) => link.type === 'contains').map((link) => link.to));
  const existing = new Set(events.filter((e) => e.type === 'ContributionCreated').map((e) => (e.data as Created).contributionId));
  // No note without its ref, no link without its note, in the log…
  expect(notes.filter((id) => !placed.has(id))).toEqual([]);
  expect(links.filter((link) => !existing.has(link.from) || !existing.has(link.to))).toEqual([]);
  // …nor in what readers are served once the projections caught up.
  const noteDocs = await app.infra.readStore.collection<ContributionDocument>(contributionsCollectionName).find({ type: 'Note' });
  const refDocs = await app.infra.readStore.collection<LinkDocument>(linksCollectionName).find({ type: 'contains' });
  const refTargets = new Set(refDocs.map((ref) => ref.to));
  expect(noteDocs.filter((doc) => !refTargets.has(doc._id)).map((doc) => doc.title)).toEqual([]);
  return { notes: notes.length, buildsOn: links.filter((link) => link.type === 'buildson').length };
};

describe('atomic commands survive a killed process (issue 22 §4)', () => {
  const dirs: string[] = [];
  let app: TestApp | null = null;
  afterEach(async () => {
    await app?.close();
    app = null;
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('killed right after the first write of a build-on, the restarted server shows the whole build-on or nothing', async () => {
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    await runAndKill(dataDir, 'first-write', 'WRITTEN');
    app = await buildTestApp({ dataDir });
    const seen = await expectNoHalfDoneCommand(app);
    // The parent and the build-on, whole: note, build-on link and ref were one write.
    expect(seen).toEqual({ notes: 2, buildsOn: 1 });
  }, 120_000);

  it('killed at an arbitrary moment while four writers create build-ons, no half-done build-on is visible', async () => {
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    // Killed somewhere inside the stream of commands (their appends, commits and projection waits).
    await runAndKill(dataDir, 'loop', 'CREATED', 25 + Math.floor(Math.random() * 25));
    app = await buildTestApp({ dataDir });
    const seen = await expectNoHalfDoneCommand(app);
    expect(seen.notes).toBeGreaterThan(25);
    expect(seen.buildsOn).toBe(seen.notes - 1);
  }, 120_000);
});
