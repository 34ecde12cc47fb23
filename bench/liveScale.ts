/**
 * Live at scale (issue 16 §6): BENCH_LIVE_SOCKETS (1,000) websocket clients on
 * 127.0.0.1, subscribed round-robin to 12 views, sharing the tokens of 100
 * members (a member has several sockets, as with several tabs or windows);
 * then BENCH_LIVE_MOVES (200) moves over HTTP, spread over the views, paced at
 * BENCH_LIVE_RATE (20) per second. For each move: the delay from its request
 * to each subscriber of its view receiving the `ref.saved`, and to the slowest
 * of them. The server runs in a child process (bench/liveScaleServer.ts) so
 * that its event-loop delay (`monitorEventLoopDelay`, asked over IPC) and its
 * memory are its own. The same with 25 sockets first, as a baseline.
 * Goals: delivery p99 ≤ 250 ms, the server's event-loop delay p99 ≤ 50 ms.
 * Figures only; bounded (2 minutes at most); closes everything.
 *
 * Run alone with `node --import tsx bench/liveScale.ts`.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import type { FromServer, LiveScaleSetup, LiveScaleStats, ToServer } from './liveScaleServer.ts';

const sockets = Number(process.env.BENCH_LIVE_SOCKETS ?? 1000);
const moves = Number(process.env.BENCH_LIVE_MOVES ?? 200);
const rate = Number(process.env.BENCH_LIVE_RATE ?? 20);
const fmt = (n: number, digits = 1) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const server = fork(fileURLToPath(new URL('./liveScaleServer.ts', import.meta.url)), [], {
  execArgv: ['--import', 'tsx', ...(process.env.BENCH_LIVE_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/livescale-prof'] : [])],
  env: { ...process.env, LOG_LEVEL: 'silent' },
});
const guard = setTimeout(() => {
  console.error('live at scale: over 2 minutes, stopped');
  server.kill();
  process.exit(1);
}, 120_000);
guard.unref();

const ask = (message: ToServer) => server.send(message);
const fromServer = <T extends FromServer['type']>(type: T) =>
  new Promise<Extract<FromServer, { type: T }>>((resolve) => {
    const listener = (message: FromServer) => {
      if (message.type !== type) return;
      server.off('message', listener);
      resolve(message as Extract<FromServer, { type: T }>);
    };
    server.on('message', listener);
  });
const stats = async (): Promise<LiveScaleStats> => {
  const reply = fromServer('stats');
  ask({ type: 'stats' });
  return (await reply).stats;
};

type Pending = { started: number; waiting: number; resolve: (slowest: number) => void; delays: number[] };

/** One subscribed socket that reports each `ref.saved` it receives (by ref and x) to `arrived`. */
const open = (setup: LiveScaleSetup, token: string, viewId: string, arrived: (key: string) => void): Promise<WebSocket> =>
  new Promise((resolve, reject) => {
    const socket = new WebSocket(`${setup.base.replace(/^http/, 'ws')}/api/socket`);
    socket.on('error', reject);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
    socket.on('message', (raw: Buffer) => {
      const message = JSON.parse(raw.toString('utf8')) as {
        type: string;
        viewId?: string;
        ref?: { _id: string; data: { x?: number; y?: number } };
      };
      if (message.type === 'ready') socket.send(JSON.stringify({ type: 'subscribe', viewId }));
      else if (message.type === 'subscribed') resolve(socket);
      else if (message.type === 'error') reject(new Error(JSON.stringify(message)));
      else if (message.type === 'ref.saved' && message.ref) arrived(`${message.ref._id}:${message.ref.data.x}:${message.ref.data.y}`);
    });
  });

const phase = async (setup: LiveScaleSetup, count: number, y: number) => {
  const pending = new Map<string, Pending>();
  const arrived = (key: string) => {
    const move = pending.get(key);
    if (!move) return;
    const delay = performance.now() - move.started;
    move.delays.push(delay);
    if (--move.waiting === 0) {
      pending.delete(key);
      move.resolve(delay);
    }
  };
  const opened = performance.now();
  const clients: WebSocket[] = [];
  const perView = new Array<number>(setup.views.length).fill(0);
  for (let i = 0; i < count; i += 50) {
    const batch = Array.from({ length: Math.min(50, count - i) }, (_, j) => i + j);
    clients.push(
      ...(await Promise.all(
        batch.map((k) => {
          perView[k % setup.views.length] = (perView[k % setup.views.length] ?? 0) + 1;
          const view = setup.views[k % setup.views.length] as LiveScaleSetup['views'][number];
          return open(setup, setup.tokens[k % setup.tokens.length] as string, view.viewId, arrived);
        }),
      )),
    );
  }
  const openMs = performance.now() - opened;
  await sleep(500); // presence settles
  const before = await stats();
  ask({ type: 'reset' });
  const delivery: number[] = [];
  const slowest: number[] = [];
  const replies: number[] = [];
  const done: Promise<void>[] = [];
  const startedAt = performance.now();
  for (let i = 0; i < moves; i++) {
    const target = startedAt + (i * 1000) / rate;
    const wait = target - performance.now();
    if (wait > 0) await sleep(wait);
    const v = i % setup.views.length;
    const view = setup.views[v] as LiveScaleSetup['views'][number];
    // Positions are clamped to 2…1950: each move of a phase has its own x, each phase its own y.
    const x = 2 + (i % 1900);
    const key = `${view.refId}:${x}:${y}`;
    const move: Pending = { started: performance.now(), waiting: perView[v] ?? 0, resolve: () => undefined, delays: [] };
    const reached = new Promise<number>((resolve, reject) => {
      move.resolve = resolve;
      setTimeout(
        () => reject(new Error(`move ${i}: ${move.waiting} of ${perView[v]} subscribers still waiting after 10 s`)),
        10_000,
      ).unref();
    });
    pending.set(key, move);
    done.push(
      (async () => {
        const reply = await fetch(`${setup.base}/api/links/${view.refId}`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${setup.mover}`, 'content-type': 'application/json' },
          body: JSON.stringify({ data: { x, y } }),
        });
        if (reply.status !== 200) throw new Error(`move failed: ${reply.status} ${await reply.text()}`);
        replies.push(performance.now() - move.started);
        slowest.push(await reached);
        delivery.push(...move.delays);
      })(),
    );
  }
  await Promise.all(done);
  const after = await stats();
  for (const client of clients) client.terminate();
  await sleep(300);
  const sort = (values: number[]) => values.sort((a, b) => a - b);
  return { openMs, before, after, delivery: sort(delivery), slowest: sort(slowest), replies: sort(replies) };
};

const report = (count: number, r: Awaited<ReturnType<typeof phase>>) => {
  const line = (sorted: number[]) =>
    `p50 ${fmt(percentile(sorted, 50))}, p95 ${fmt(percentile(sorted, 95))}, p99 ${fmt(percentile(sorted, 99))}, worst ${fmt(sorted[sorted.length - 1] ?? Number.NaN)} ms`;
  console.log(`   ${fmt(count, 0)} sockets (opened and subscribed in ${fmt(r.openMs / 1000, 1)} s), ${fmt(moves, 0)} moves at ${rate}/s:`);
  console.log(`     every delivery (${fmt(r.delivery.length, 0)})             : ${line(r.delivery)}`);
  console.log(`     slowest subscriber per move          : ${line(r.slowest)}`);
  console.log(`     the move's own HTTP reply            : ${line(r.replies)}`);
  console.log(
    `     server event-loop delay (10 ms sampling included): p50 ${fmt(r.after.eventLoop.p50)}, p99 ${fmt(r.after.eventLoop.p99)}, max ${fmt(r.after.eventLoop.max)} ms`,
  );
  console.log(
    `     server memory                        : RSS ${r.before.rssMb} → ${r.after.rssMb} MB, heap ${r.before.heapMb} → ${r.after.heapMb} MB; hub ${r.after.hub.clients} sockets, ${r.after.hub.views} views, ${r.after.hub.closedTooSlow} closed as too slow`,
  );
};

try {
  const setup = (await fromServer('ready')).setup;
  console.log(
    `\n6b. Live at scale: ${setup.views.length} views, ${setup.tokens.length} members' tokens shared by the sockets, server in a child process (goals: delivery p99 ≤ 250 ms, event-loop delay p99 ≤ 50 ms)`,
  );
  console.log(
    `   load average ${(await import('node:os'))
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  if (!process.env.BENCH_LIVE_SKIP_BASELINE) report(25, await phase(setup, 25, 300));
  report(sockets, await phase(setup, sockets, 600));
} finally {
  const exited = new Promise((resolve) => server.once('exit', resolve));
  ask({ type: 'close' });
  await Promise.race([exited, sleep(5_000)]);
  server.kill();
  clearTimeout(guard);
}
