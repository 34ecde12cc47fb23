/**
 * The server side of bench/liveScale.ts, in a child process so that its
 * event-loop delay is the server's alone: builds an app over a temp folder,
 * a community with `BENCH_LIVE_VIEWS` (12) views and `BENCH_LIVE_USERS` (100)
 * members registered through the API, one note placed in each view, then
 * listens on 127.0.0.1 and tells the parent (IPC) the address, the members'
 * tokens, the views and their refs. The parent asks for `stats` (event-loop
 * delay percentiles from `monitorEventLoopDelay`, memory, the hub's counts)
 * over the same IPC channel: no HTTP route exposes them.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { canvasWorld, placedNote, viewWith, type Member } from '../tests/support/canvas.ts';
import { joinCommunity } from '../tests/support/communities.ts';
import { buildTestApp } from '../tests/support/testApp.ts';

export type LiveScaleSetup = {
  base: string;
  mover: string;
  tokens: string[];
  views: { viewId: string; refId: string }[];
};
export type LiveScaleStats = {
  eventLoop: { p50: number; p99: number; max: number };
  rssMb: number;
  heapMb: number;
  hub: { clients: number; views: number; closedTooSlow: number; terminatedDead: number };
};
export type ToServer = { type: 'reset' } | { type: 'stats' } | { type: 'close' };
export type FromServer = { type: 'ready'; setup: LiveScaleSetup } | { type: 'stats'; stats: LiveScaleStats };

const viewCount = Number(process.env.BENCH_LIVE_VIEWS ?? 12);
const userCount = Number(process.env.BENCH_LIVE_USERS ?? 100);
const send = (message: FromServer) => process.send?.(message);

const t = await buildTestApp();
const w = await canvasWorld(t);
const members: Member[] = [w.writer, w.writer2, w.manager];
for (let i = members.length; i < userCount; i++) {
  const user = await t.register(`live${process.pid}u${i}`);
  const author = await joinCommunity(t, user.token, user.id, w.communityId, 'writer-key');
  members.push({ token: user.token, userId: user.id, authorId: author._id });
}
const viewIds = [w.welcomeViewId];
while (viewIds.length < viewCount) viewIds.push(await viewWith(w, w.manager, 'public', `Live view ${viewIds.length}`));
const views: LiveScaleSetup['views'] = [];
for (const viewId of viewIds) views.push({ viewId, refId: (await placedNote(w, w.writer, viewId, 100, 100, 'Live at scale')).ref._id });
const base = await t.app.listen({ port: 0, host: '127.0.0.1' });

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
const ms = (ns: number) => Math.round((ns / 1e6) * 10) / 10;
process.on('message', (message: ToServer) => {
  if (message.type === 'reset') delay.reset();
  if (message.type === 'stats') {
    const memory = process.memoryUsage();
    send({
      type: 'stats',
      stats: {
        eventLoop: { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) },
        rssMb: Math.round(memory.rss / 1e6),
        heapMb: Math.round(memory.heapUsed / 1e6),
        hub: t.app.push.stats(),
      },
    });
  }
  if (message.type === 'close') {
    delay.disable();
    void t.close().finally(() => process.exit(0));
  }
});
send({ type: 'ready', setup: { base, mover: w.writer.token, tokens: members.map((m) => m.token), views } });
