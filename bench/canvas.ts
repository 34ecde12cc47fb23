/**
 * Canvas load benchmark (issue 5 item 10, server part): a view with 200 refs
 * (and 200 build-on links among them) loaded by a writer. Prints the median
 * and p99 server time of GET /api/views/{viewId}/canvas (through `inject`, and
 * of the use case alone as the baseline), then requests/s with 50 concurrent
 * HTTP clients on 127.0.0.1, beside the same JSON bytes from a bare node:http
 * server (the ratio is the figure to compare across machines and loads).
 * Repeated loads at one read position are served from the reader's cached
 * reply (services/api/routes/canvas/canvasReplyCache.ts: serialised and
 * compressed once); the "first load after a change" line moves the read
 * position before each load, so it pays for the whole load (authorisation,
 * reads, visibility, serialisation, brotli). Figures only: nothing is asserted.
 *
 * Run alone with `node --import tsx bench/canvas.ts`; `npm run bench` runs it
 * after the other figures. BENCH_CANVAS_REFS (200), BENCH_CANVAS_SECONDS (3),
 * BENCH_CANVAS_CLIENTS (50) change the load.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { canvasWorld, seedCanvasView } from '../tests/support/canvas.ts';
import { bearer, buildTestApp, type TestApp } from '../tests/support/testApp.ts';
import { loadCanvas } from '../services/api/canvas/queries/loadCanvas.ts';
import { readsStreamName } from '../contracts/events/read.ts';

const refCount = Number(process.env.BENCH_CANVAS_REFS ?? 200);
const seconds = Number(process.env.BENCH_CANVAS_SECONDS ?? 3);
const clients = Number(process.env.BENCH_CANVAS_CLIENTS ?? 50);
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

/** Wall times (sorted) and the mean CPU time of `count` sequential loads: on a shared machine, CPU time is what the server itself spent. */
const timeInject = async (t: TestApp, url: string, token: string, count: number): Promise<number[] & { cpuMs?: number }> => {
  const times: number[] & { cpuMs?: number } = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    times.push(performance.now() - started);
    if (response.statusCode !== 200) throw new Error(`canvas load failed: ${response.statusCode}`);
  }
  const used = process.cpuUsage(cpu);
  times.sort((a, b) => a - b);
  times.cpuMs = (used.user + used.system) / 1000 / count;
  return times;
};

/** `clients` concurrent fetches of `target` for `seconds`: requests/s, and how many answered as `ok` says. */
const hammer = async (target: string, headers: Record<string, string>, ok: (status: number) => boolean) => {
  let done = 0;
  let failed = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        const response = await fetch(target, { headers });
        await response.arrayBuffer();
        if (ok(response.status)) done++;
        else failed++;
      }
    }),
  );
  return { perSecond: done / ((performance.now() - started) / 1000), done, failed };
};

/** The canvas load on one embedded read store: SQLite (the default) or memory. */
export const benchCanvas = async (readStore: 'sqlite' | 'memory' = 'sqlite') => {
  const t = await buildTestApp({ config: { embeddedReadStore: readStore } });
  try {
    const w = await canvasWorld(t);
    const viewId = await seedCanvasView(w, refCount);
    const url = `/api/views/${viewId}/canvas`;
    const user = await t.infra.accounts.getUser(w.writer.userId);
    const sample = await t.app.inject({ method: 'GET', url, headers: bearer(w.writer.token) });
    const body = sample.json<{ refs: unknown[]; links: unknown[] }>();

    await timeInject(t, url, w.writer.token, 50); // warm-up
    const service: number[] = [];
    const cpu = process.cpuUsage();
    for (let i = 0; i < 500; i++) {
      const started = performance.now();
      await loadCanvas(t.infra.canvasReader, user, viewId);
      service.push(performance.now() - started);
    }
    const serviceCpu = process.cpuUsage(cpu);
    const serviceCpuMs = (serviceCpu.user + serviceCpu.system) / 1000 / 500;
    service.sort((a, b) => a - b);
    const injected = await timeInject(t, url, w.writer.token, 500);
    // First loads after a change: a read mark by the manager moves the read position before each (not timed).
    const cold: number[] = [];
    let coldCpuMicros = 0;
    const notes = body.refs.map((ref) => (ref as { to: string }).to);
    for (let i = 0; i < 100; i++) {
      const { eventStore, projections } = t.infra.commandDeps;
      const data = { authorId: w.manager.authorId, communityId: w.communityId, contributionId: notes[i % notes.length] as string };
      const marked = await eventStore.append(
        readsStreamName(w.manager.authorId),
        [{ type: 'ReadMarked', data, metadata: { actorId: null, at: new Date().toISOString() } }],
        { expectedRevision: 'any' },
      );
      await projections.waitFor(marked.lastPosition);
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      const response = await t.app.inject({ method: 'GET', url, headers: { ...bearer(w.writer.token), 'accept-encoding': 'br' } });
      cold.push(performance.now() - started);
      const used = process.cpuUsage(cpuBefore);
      coldCpuMicros += used.user + used.system;
      if (response.statusCode !== 200) throw new Error(`canvas load failed: ${response.statusCode}`);
    }
    cold.sort((a, b) => a - b);

    // Bytes on the wire as a browser asks (issue 16 §3: the busiest view's canvas ≤ 150 KiB).
    const onTheWire = async (encoding: string) =>
      (await t.app.inject({ method: 'GET', url, headers: { ...bearer(w.writer.token), 'accept-encoding': encoding } })).rawPayload.length;
    const wire = { br: await onTheWire('br'), gzip: await onTheWire('gzip') };

    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    // fetch asks for br/gzip, as a browser does: the figure includes compressing each reply.
    const loads = await hammer(`${address}${url}`, bearer(w.writer.token), (status) => status === 200);
    // A client that already holds the canvas asks again with its ETag: 304 while nothing changed.
    // Its tag as of now: the first-load figure above moved the read position since the sample.
    const etag = String((await t.app.inject({ method: 'GET', url, headers: bearer(w.writer.token) })).headers.etag);
    const revalidations = await hammer(
      `${address}${url}`,
      { ...bearer(w.writer.token), 'if-none-match': etag },
      (status) => status === 304,
    );
    // Baseline: the same JSON bytes from a bare node:http server (no auth, no read, no compression).
    const bare = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      response.end(sample.body);
    });
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    const { port } = bare.address() as AddressInfo;
    const staticJson = await hammer(`http://127.0.0.1:${port}/`, {}, (status) => status === 200);
    await new Promise<void>((resolve) => bare.close(() => resolve()));
    return {
      refs: body.refs.length,
      links: body.links.length,
      bytes: sample.body.length,
      wire,
      service,
      serviceCpuMs,
      injected,
      cold,
      coldCpuMs: coldCpuMicros / 1000 / cold.length,
      perSecond: loads.perSecond,
      done: loads.done,
      failed: loads.failed,
      revalidations,
      staticJson,
    };
  } finally {
    await t.close();
  }
};

const result = await benchCanvas();
const { loadavg, cpus } = await import('node:os');
console.log(
  `\n4. Canvas load, GET /api/views/{viewId}/canvas — ${fmt(refCount)} refs seeded, ${fmt(result.refs)} visible to a writer, ${fmt(result.links)} build-on links, ${fmt(result.bytes / 1024)} KiB`,
);
console.log(`   machine load average ${fmt(loadavg()[0] ?? 0, 1)} on ${cpus().length} cores (wall times grow with it; CPU times do not)`);
console.log(
  `   use case alone (baseline)              : median ${fmt(percentile(result.service, 50), 2)} ms, p99 ${fmt(percentile(result.service, 99), 2)} ms, CPU ${fmt(result.serviceCpuMs, 2)} ms/load`,
);
console.log(
  `   through HTTP inject, repeated loads    : median ${fmt(percentile(result.injected, 50), 2)} ms, p99 ${fmt(percentile(result.injected, 99), 2)} ms, CPU ${fmt(result.injected.cpuMs ?? 0, 2)} ms/load  (goal p99 ≤ 20 ms)`,
);
console.log(
  `   ratio inject / use case (median)       : ${(percentile(result.injected, 50) / percentile(result.service, 50)).toFixed(2)}×  (repeated loads: the cached reply)`,
);
console.log(
  `   first load after a change (brotli)     : median ${fmt(percentile(result.cold, 50), 2)} ms, p99 ${fmt(percentile(result.cold, 99), 2)} ms, CPU ${fmt(result.coldCpuMs, 2)} ms/load  (nothing cached: the whole load)`,
);
console.log(
  `   on the wire                            : ${fmt(result.bytes / 1024, 1)} KiB plain, ${fmt(result.wire.gzip / 1024, 1)} KiB gzip, ${fmt(result.wire.br / 1024, 1)} KiB brotli (${fmt(result.bytes / result.wire.br, 1)}× smaller; ${fmt(result.wire.br / Math.max(1, result.refs))} B per ref)`,
);
console.log(
  `   ${clients} concurrent HTTP clients, 127.0.0.1     : ${fmt(result.perSecond)} requests/s  (${fmt(result.done)} in ${seconds} s, ${fmt(result.failed)} failed; replies compressed)`,
);
console.log(
  `   the same bytes from a bare HTTP server : ${fmt(result.staticJson.perSecond)} requests/s (baseline); canvas / baseline ${(result.perSecond / result.staticJson.perSecond).toFixed(2)}×  (goal ≥ 1,000/s)`,
);
console.log(
  `   revalidations with the ETag (304)      : ${fmt(result.revalidations.perSecond)} requests/s  (${fmt(result.revalidations.done)} answered 304, ${fmt(result.revalidations.failed)} otherwise); ${(result.revalidations.perSecond / result.perSecond).toFixed(1)}× full loads`,
);
// The same use case over the in-memory read store (BUILDON_READ_STORE=memory): what the SQLite store costs per load.
const inMemory = await benchCanvas('memory');
console.log(
  `   use case, in-memory read store         : median ${fmt(percentile(inMemory.service, 50), 2)} ms, CPU ${fmt(inMemory.serviceCpuMs, 2)} ms/load; SQLite / memory CPU ${(result.serviceCpuMs / inMemory.serviceCpuMs).toFixed(2)}×`,
);
console.log(
  `   HTTP, in-memory read store             : CPU ${fmt(inMemory.injected.cpuMs ?? 0, 2)} ms/load through inject; ${fmt(inMemory.perSecond)} requests/s with ${clients} clients; SQLite / memory requests/s ${(result.perSecond / inMemory.perSecond).toFixed(2)}×`,
);
