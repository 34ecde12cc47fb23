import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../../contracts/events/event.ts';
import { buildObjectsTestApp } from '../../../tests/support/objects.ts';
import { bearer, fastTestHasher, tempDataDir, type TestApp } from '../../../tests/support/testApp.ts';
import { seedClassByClass } from './classByClass.ts';
import { schoolClock, seedDistrict } from './district.ts';
import { seedPassword } from './playClass.ts';
import { countActions, planClass, realClassSize, type ClassSize } from './plan.ts';

const small: ClassSize = { ...realClassSize, pupils: 6, notes: 40, views: 3, days: 4, reads: 20, edits: 5, moves: 5 };
const run = promisify(execFile);
const root = join(import.meta.dirname, '../../..');
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const allEvents = async (t: TestApp): Promise<RecordedEvent[]> => {
  const events: RecordedEvent[] = [];
  for (let after = 0; ;) {
    const page = await t.infra.eventStore.readAll({ after, maxCount: 1_000 });
    if (page.length === 0) return events;
    events.push(...page);
    after = page[page.length - 1]?.globalPosition ?? after;
  }
};

describe('npm run seed: a district played through the use cases', () => {
  it('makes each class as planned: its people, notes, build-ons and reads, on school days that only move forward', async () => {
    const clock = schoolClock();
    const t = await buildObjectsTestApp({ clock });
    try {
      const { user: admin } = await t.infra.accounts.createOrPromoteAdmin({ userName: 'seed-admin', password: 'admin-pass-1' });
      const result = await seedDistrict(t.infra, admin, { classes: 2, size: small, clock });
      expect(result.classes).toHaveLength(2);
      const events = await allEvents(t);

      for (const { index, communityId } of result.classes) {
        const plan = planClass(index, small);
        const counts = countActions(plan);
        const notes = await t.infra.readStore.collection('contributions').find({ communityId, type: 'Note', status: 'active' });
        expect(notes).toHaveLength(small.notes);
        expect(notes.every((n) => typeof n.title === 'string' && n.title.length > 0)).toBe(true);
        const buildOns = await t.infra.readStore.collection('links').find({ communityId, type: 'buildson' });
        const planned = plan.days.flat().filter((a) => a.kind === 'note' && a.buildsOn !== null).length;
        expect(buildOns).toHaveLength(planned);
        const reads = events.filter((e) => e.type === 'ReadMarked' && (e.data as { communityId: string }).communityId === communityId);
        // Every save also marks the note read by its writer (saveObject.ts), as in KF6.
        expect(reads).toHaveLength(counts.read + counts.note + counts.edit);
        // Scaffolded notes got their supports link from the save, as in the editor.
        const supports = await t.infra.readStore.collection('links').find({ communityId, type: 'supports' });
        expect(supports.length).toBeGreaterThan(0);
      }

      const times = events.map((e) => e.metadata.at);
      expect([...times].sort()).toEqual(times);
      expect(times.at(-1)?.slice(0, 10)).toBe('2025-09-05');

      // A seeded pupil logs in with the shared password and opens her class's first view.
      const token = await t.login('c1-p002', 'graine-de-classe-1');
      const community = result.classes[1]?.communityId as string;
      const views = await t.app.inject({ method: 'GET', url: `/api/communities/${community}/views`, headers: bearer(token) });
      expect(views.statusCode).toBe(200);
      const unit = views.json<{ _id: string; title: string }[]>().find((v) => v.title !== 'Bienvenue');
      const canvas = await t.app.inject({ method: 'GET', url: `/api/views/${unit?._id}/canvas`, headers: bearer(token) });
      expect(canvas.statusCode).toBe(200);
      expect(canvas.json<{ refs: unknown[] }>().refs.length).toBeGreaterThan(5);
      // …and not another class's.
      const other = await t.app.inject({
        method: 'GET',
        url: `/api/communities/${result.classes[0]?.communityId}/views`,
        headers: bearer(token),
      });
      expect(other.statusCode).toBe(403);
    } finally {
      await t.close();
    }
  });

  it('class by class: plays each class alone, merges the logs in time order into the store in batches, one admin', async () => {
    const t = await buildObjectsTestApp();
    try {
      await t.infra.runner.stop();
      const bulk = t.infra.eventStore as unknown as Parameters<typeof seedClassByClass>[0];
      const merged: number[] = [];
      const result = await seedClassByClass(bulk, {
        classes: 3,
        size: small,
        seed: 1,
        config: t.infra.config,
        // The test app's hasher, so that a seeded pupil logs in below.
        passwords: fastTestHasher,
        password: seedPassword,
        batchSize: 100,
        onMerged: (events) => merged.push(events),
      });
      // Batches of 100 events, each one transaction (kf import's path).
      expect(merged[0]).toBe(100);
      expect(merged.at(-1)).toBe(result.events);
      await t.infra.runner.rebuild([]);
      const events = await allEvents(t);
      expect(events).toHaveLength(result.events);
      // One seed-admin, who created (and manages) every class.
      const registered = events.filter((e) => e.type === 'UserRegistered' && (e.data as { userName: string }).userName === 'seed-admin');
      expect(registered).toHaveLength(1);
      const adminId = (registered[0]?.data as { userId: string }).userId;
      const created = events.filter((e) => e.type === 'CommunityCreated').map((e) => (e.data as { createdBy: string }).createdBy);
      expect(created).toEqual([adminId, adminId, adminId]);
      // The classes' days interleave in the log, their times only moving forward.
      const times = events.map((e) => e.metadata.at);
      expect([...times].sort()).toEqual(times);
      const communityOf = (e: RecordedEvent) => (e.data as { communityId?: string }).communityId;
      const day2 = events.filter((e) => e.metadata.at.startsWith('2025-09-02') && communityOf(e)).map(communityOf);
      expect(new Set(day2).size).toBe(3);

      for (const { index, communityId } of result.classes) {
        const plan = planClass(index, small);
        const counts = countActions(plan);
        const notes = await t.infra.readStore.collection('contributions').find({ communityId, type: 'Note', status: 'active' });
        expect(notes).toHaveLength(small.notes);
        const buildOns = await t.infra.readStore.collection('links').find({ communityId, type: 'buildson' });
        expect(buildOns).toHaveLength(plan.days.flat().filter((a) => a.kind === 'note' && a.buildsOn !== null).length);
        const reads = events.filter((e) => e.type === 'ReadMarked' && communityOf(e) === communityId);
        expect(reads).toHaveLength(counts.read + counts.note + counts.edit);
      }
      // A pupil of the third class logs in, reads her class and not the first.
      const token = await t.login('c2-p001', seedPassword);
      const own = await t.app.inject({
        method: 'GET',
        url: `/api/communities/${result.classes[2]?.communityId}/views`,
        headers: bearer(token),
      });
      expect(own.statusCode).toBe(200);
      const other = await t.app.inject({
        method: 'GET',
        url: `/api/communities/${result.classes[0]?.communityId}/views`,
        headers: bearer(token),
      });
      expect(other.statusCode).toBe(403);
    } finally {
      await t.close();
    }
  }, 120_000);

  it('runs from npm, says what it made, and refuses a data folder that already holds events', async () => {
    const dir = tempDataDir('buildon-seed-');
    dirs.push(dir);
    const seed = (...args: string[]) =>
      run(process.execPath, ['--import', 'tsx', 'services/cli/seed/main.ts', ...args], {
        cwd: root,
        env: { ...process.env, BUILDON_DATA_DIR: dir },
      }).then(
        (r) => ({ code: 0, ...r }),
        (e: { code: number; stdout: string; stderr: string }) => e,
      );
    const first = await seed('--classes', '1', '--pupils', '4', '--notes', '12');
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/1 class\(es\), [\d,]+ actions, [\d,]+ events/);
    expect(first.stdout).toContain('c0-p000 … c0-p003');
    const again = await seed('--classes', '1', '--pupils', '4', '--notes', '12');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already holds events');
    const bad = await seed('--classes', 'many');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--classes must be a whole number');
  }, 120_000);
});
