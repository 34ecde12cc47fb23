/**
 * Live canvas benchmark (issue 5 item 8: "a second browser sees a move or a new
 * note within 250 ms"): one writer moves a note over HTTP, BENCH_LIVE_WATCHERS
 * (25) other sockets are subscribed to the view, and the time from the move's
 * request to each watcher's `ref.saved` is recorded. Then the same for a new
 * note placed on the view. Prints median, p99 and worst over every watcher.
 * Figures only: nothing is asserted (the browser and push tests check that the
 * pushes arrive, with a loose budget fit for a loaded CI machine).
 *
 * Run alone with `node --import tsx bench/live.ts`; BENCH_LIVE_MOVES (200)
 * changes the count.
 */
import type { PushServerMessage } from '../contracts/push.ts';
import { call, canvasWorld, createContribution, placedNote, type Member } from '../tests/support/canvas.ts';
import { textDoc } from '../tests/support/objects.ts';
import { PushClient } from '../tests/support/push.ts';
import { buildTestApp } from '../tests/support/testApp.ts';

const moves = Number(process.env.BENCH_LIVE_MOVES ?? 200);
const watcherCount = Number(process.env.BENCH_LIVE_WATCHERS ?? 25);
const fmt = (n: number, digits = 1) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

type Saved = Extract<PushServerMessage, { type: 'ref.saved' }>;

const benchLive = async () => {
  const t = await buildTestApp(process.env.BENCH_LIVE_STORE === 'memory' ? { config: { embeddedReadStore: 'memory' } } : {});
  try {
    const w = await canvasWorld(t);
    const base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');
    const watch = async (who: Member): Promise<PushClient> => {
      const client = await PushClient.open(`${base}/api/socket`);
      client.send({ type: 'auth', token: who.token });
      await client.next((m) => m.type === 'ready');
      const reply = await client.subscribe(w.welcomeViewId);
      if (reply.type !== 'subscribed') throw new Error(`subscribe refused: ${JSON.stringify(reply)}`);
      return client;
    };
    const watchers = await Promise.all(Array.from({ length: watcherCount }, (_, i) => watch(i % 2 === 0 ? w.writer2 : w.manager)));
    /** Each watcher's delay until its first `ref.saved` that passes `test`, from `started`. */
    const arrivals = (test: (m: Saved) => boolean, started: number) =>
      watchers.map((client) =>
        client.next<Saved>((m) => m.type === 'ref.saved' && test(m), 10_000).then(() => performance.now() - started),
      );

    const { ref } = await placedNote(w, w.writer, w.welcomeViewId, 100, 100, 'Live bench');
    const moved: number[] = [];
    /** When the move's own reply came back: the command's share of the delay. */
    const replied: number[] = [];
    for (let i = 1; i <= moves; i++) {
      const x = 100 + i;
      const started = performance.now();
      const delays = arrivals((m) => m.ref._id === ref._id && m.ref.data.x === x, started);
      const reply = await call(t, w.writer.token, 'PUT', `/api/links/${ref._id}`, { data: { x, y: 100 } });
      if (reply.status !== 200) throw new Error(`move failed: ${reply.status}`);
      replied.push(performance.now() - started);
      moved.push(...(await Promise.all(delays)));
      for (const client of watchers) client.messages.length = 0;
    }

    const created: number[] = [];
    for (let i = 0; i < Math.min(moves, 50); i++) {
      const title = `Live note ${i}`;
      const reply = await createContribution(w, w.writer, {
        type: 'Note',
        title,
        placement: { viewId: w.welcomeViewId, x: 300, y: 300 + i },
      });
      const noteId = reply.contribution._id;
      // Placed while unsaved: the other readers see it once it is contributed.
      const started = performance.now();
      const delays = arrivals((m) => m.ref._to.title === title, started);
      const contributed = await call(t, w.writer.token, 'PUT', `/api/objects/${w.communityId}/${noteId}`, {
        revision: 0,
        title,
        body: textDoc('Seen live.'),
      });
      if (contributed.status !== 200) throw new Error(`contribute failed: ${contributed.status} ${JSON.stringify(contributed.body)}`);
      created.push(...(await Promise.all(delays)));
      for (const client of watchers) client.messages.length = 0;
    }
    for (const client of watchers) client.close();
    return {
      moved: moved.sort((a, b) => a - b),
      replied: replied.sort((a, b) => a - b),
      created: created.sort((a, b) => a - b),
      notes: Math.min(moves, 50),
    };
  } finally {
    await t.close();
  }
};

const result = await benchLive();
const line = (sorted: number[]) =>
  `median ${fmt(percentile(sorted, 50))} ms, p99 ${fmt(percentile(sorted, 99))} ms, worst ${fmt(sorted[sorted.length - 1] ?? Number.NaN)} ms`;
console.log(`\n6. Live canvas: HTTP change → ${watcherCount} other subscribed sockets on 127.0.0.1 (goal ≤ 250 ms)`);
console.log(`   move of a ref (${fmt(moves, 0)} moves)                : ${line(result.moved)}`);
console.log(`     of which the move's own reply         : ${line(result.replied)}`);
console.log(`   new note contributed (${fmt(result.notes, 0)} notes)         : ${line(result.created)}`);
