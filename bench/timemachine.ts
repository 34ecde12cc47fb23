import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contributionStreamName, type ContributionEvent } from '../contracts/events/contribution.ts';
import { loadConfig } from '../services/app/config.ts';
import { authorIdFor } from '../services/api/communities/authorId.ts';
import { openInfrastructure } from '../services/app/infrastructure.ts';
import { objectIdGenerator } from '../services/core/clock.ts';
import type { NewEvent } from '../services/core/eventStore.ts';

/**
 * Time-machine benchmark (issue 7): a view with `BENCH_TM_EVENTS` (default
 * 20,000) events — placements, moves, retitles, status changes and late
 * contributions of ~500 notes — then the first open (history list + frame 0,
 * cold caches) and seeks to random frames through the use case (gate, log
 * check and frame), median and p99. Goal: seek ≤ 100 ms.
 */

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export const benchTimeMachine = async (): Promise<void> => {
  const total = Number(process.env.BENCH_TM_EVENTS ?? 20_000);
  const notes = Math.max(10, Math.round(total / 40));
  const dir = mkdtempSync(join(tmpdir(), 'buildon-bench-tm-'));
  const infra = await openInfrastructure({ ...loadConfig({}), dataDir: dir, snapshotIntervalMs: 0 });
  try {
    const { user: admin } = await infra.accounts.createOrPromoteAdmin({ userName: 'benchadmin', password: 'bench-password' });
    const community = await infra.communities.create(admin, {
      title: 'Time machine bench',
      registrationKey: 'writers-key',
      managerRegistrationKey: 'managers-key',
    });
    const viewId = community.views[0] as string;
    const communityId = community._id;
    const authorId = authorIdFor(communityId, admin._id);
    const ids = objectIdGenerator();

    // A deterministic mix, in time order.
    let seed = 42;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const start = Date.parse('2024-01-08T08:00:00Z');
    const ops: { stream: string; event: ContributionEvent }[] = [];
    const noteIds: string[] = [];
    const refIds: string[] = [];
    const unsaved = new Set<string>();
    const status = new Map<string, 'active' | 'inactive'>();
    for (let i = 0; i < notes; i++) {
      const id = ids.next();
      const isUnsaved = i % 5 === 4;
      noteIds.push(id);
      if (isUnsaved) unsaved.add(id);
      else status.set(id, 'active');
      ops.push({
        stream: contributionStreamName(id),
        event: {
          type: 'ContributionCreated',
          data: {
            contributionId: id,
            communityId,
            type: 'Note',
            title: isUnsaved ? '' : `Note ${i}`,
            status: isUnsaved ? 'unsaved' : 'active',
            permission: 'public',
            authors: [authorId],
            group: null,
            data: {},
          },
        },
      });
      const linkId = ids.next();
      refIds.push(linkId);
      ops.push({
        stream: contributionStreamName(viewId),
        event: {
          type: 'LinkCreated',
          data: { linkId, communityId, from: viewId, to: id, type: 'contains', data: { x: random(2000), y: random(1500) } },
        },
      });
    }
    while (ops.length < total) {
      const k = random(noteIds.length);
      const id = noteIds[k] as string;
      const roll = random(100);
      if (unsaved.has(id) && roll < 10) {
        unsaved.delete(id);
        status.set(id, 'active');
        const body = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'late idea' }] }] };
        ops.push({
          stream: contributionStreamName(id),
          event: {
            type: 'NoteContributed',
            data: { contributionId: id, title: `Late ${k}`, body, keywords: [], wordCount: 2, text4search: '( late ) late idea (  )' },
          },
        });
      } else if (roll < 6 && !unsaved.has(id)) {
        ops.push({
          stream: contributionStreamName(id),
          event: { type: 'ContributionRetitled', data: { contributionId: id, title: `Note ${k} v${ops.length}` } },
        });
      } else if (roll < 8 && !unsaved.has(id)) {
        const next = status.get(id) === 'active' ? 'inactive' : 'active';
        status.set(id, next);
        ops.push({
          stream: contributionStreamName(id),
          event: { type: 'ContributionStatusChanged', data: { contributionId: id, status: next } },
        });
      } else {
        ops.push({
          stream: contributionStreamName(viewId),
          event: { type: 'LinkUpdated', data: { linkId: refIds[k] as string, from: viewId, data: { x: random(2000), y: random(1500) } } },
        });
      }
    }

    const seedStarted = performance.now();
    const window: Promise<unknown>[] = [];
    for (const [i, op] of ops.entries()) {
      const event: NewEvent = { ...op.event, metadata: { actorId: admin._id, at: new Date(start + i * 1000).toISOString() } };
      window.push(infra.eventStore.append(op.stream, [event]));
      if (window.length >= 500) await Promise.all(window.splice(0));
    }
    await Promise.all(window);
    await infra.runner.waitFor(await infra.eventStore.headPosition(), 600_000);
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    const service = infra.timeMachine;
    service.clear();
    const openStarted = performance.now();
    const history = await service.history(admin, viewId);
    await service.frame(admin, viewId, 0);
    const firstOpen = performance.now() - openStarted;

    const steps = history.steps.length;
    const seeks: number[] = [];
    for (let i = 0; i < 300; i++) {
      const index = random(steps + 1) - 1;
      const t0 = performance.now();
      await service.frame(admin, viewId, index);
      seeks.push(performance.now() - t0);
    }
    seeks.sort((a, b) => a - b);
    const last = await service.frame(admin, viewId, steps - 1);

    // A new move arrives: the replay is extended, not rebuilt.
    await infra.eventStore.append(contributionStreamName(viewId), [
      {
        type: 'LinkUpdated',
        data: { linkId: refIds[0] as string, from: viewId, data: { x: 1, y: 1 } },
        metadata: { actorId: admin._id, at: new Date(start + ops.length * 1000).toISOString() },
      },
    ]);
    const extendStarted = performance.now();
    await service.frame(admin, viewId, 0);
    const extend = performance.now() - extendStarted;

    console.log(
      `\n3. Time machine: one view, ${ops.length.toLocaleString('en')} events over ${notes} notes (seeded in ${seedSeconds.toFixed(1)} s)`,
    );
    console.log(`   steps (visible changes)               : ${steps.toLocaleString('en')}; last frame ${last.refs.length} refs`);
    console.log(`   first open (history + frame 0, cold)  : ${firstOpen.toFixed(0)} ms`);
    console.log(
      `   seek to a random frame (300 seeks)    : median ${percentile(seeks, 50).toFixed(2)} ms, p99 ${percentile(seeks, 99).toFixed(2)} ms, max ${(seeks[seeks.length - 1] ?? 0).toFixed(2)} ms  (goal ≤ 100 ms)`,
    );
    console.log(`   one new event, then a frame           : ${extend.toFixed(2)} ms (replay extended)`);
  } finally {
    await infra.close();
    rmSync(dir, { recursive: true, force: true });
  }
};

if (import.meta.url === `file://${process.argv[1]}`) await benchTimeMachine();
