import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { canvasWorld, createContribution } from '../support/canvas.ts';
import { applyMutation, mutationOf, resolver, wrongValue, validValue, type IdPool, type JsonSchema } from '../support/fuzzSchema.ts';
import { bearer, buildTestApp } from '../support/testApp.ts';

/**
 * Issue 17 §2: every registered route (read from the OpenAPI document, as the route-coverage
 * test does, so a new route is fuzzed without a line here) gets requests derived from its
 * TypeBox schema — valid-shaped ones with real ids of a class, and mutated ones (wrong types,
 * missing and extra fields, 100 kB strings, deep nesting, hostile unicode, NUL bytes,
 * malformed ids, extreme numbers) — from five callers. For every request: no 5xx; every 4xx is
 * problem JSON and a 400 names the field; a refused request appends no event; and the server
 * still answers after each route. Fixed seed and a small budget here; `npm run fuzz` runs
 * longer (FUZZ_RUNS, FUZZ_SEED) and prints the counts per route and status.
 */

const runs = Number(process.env.FUZZ_RUNS ?? 5);
const seed = Number(process.env.FUZZ_SEED ?? 20261128);

const t = await buildTestApp();
await t.app.ready();
const w = await canvasWorld(t);
const note = await createContribution(w, w.writer, { type: 'Note', placement: { viewId: w.welcomeViewId, x: 100, y: 100 } });
const noteId = note.contribution._id;

const ids: IdPool = {
  any: [w.communityId, w.welcomeViewId, noteId, w.writer.userId, w.writer.authorId, w.manager.authorId, w.admin.userId],
  communityId: [w.communityId],
  viewId: [w.welcomeViewId],
  id: [noteId, w.welcomeViewId, w.writer.userId],
  id2: [noteId, w.welcomeViewId],
  noteId: [noteId],
  contributionId: [noteId],
  userId: [w.writer.userId, w.manager.userId],
  authorId: [w.writer.authorId, w.manager.authorId],
};

type Caller = 'admin' | 'manager' | 'writer' | 'outsider' | 'anonymous' | 'forged';
const tokenOf = (caller: Caller): Record<string, string> => {
  if (caller === 'anonymous') return {};
  if (caller === 'forged') return { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' };
  return bearer(w[caller].token);
};

type Operation = {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};
const spec = t.app.swagger() as { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, JsonSchema> } };
const resolve = resolver(spec.components?.schemas ?? {});

type Route = { method: string; path: string; label: string; operation: Operation };
// Routes that end the callers' sessions (logout, token rotation, ending sessions) run last: before them, every
// route is called with live tokens; then destructive ones; reads first.
const order = (route: Route): number =>
  route.method !== 'GET' && /^\/auth\/(logout|refresh)$|\/sessions/.test(route.path)
    ? 4
    : /password|delete|remove|block/i.test(route.path) || route.method === 'DELETE'
      ? 3
      : route.method === 'GET'
        ? 0
        : 1;
const routes: Route[] = Object.entries(spec.paths)
  .flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      label: `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`,
      operation,
    })),
  )
  .sort((a, b) => order(a) - order(b));

type Fuzzed = {
  caller: Caller;
  target: 'none' | 'params' | 'query' | 'body' | 'raw';
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  contentType: string;
  /** Headers beyond the token and the media type: a retry key, an accepted type, a forwarded address. */
  headers: Record<string, string>;
};

const extraHeaders: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 4, arbitrary: fc.constant({}) },
  {
    weight: 2,
    arbitrary: fc
      .oneof(
        fc.constantFrom('', ' ', 'k'.repeat(10_000), '../../x', '%00', 'null'),
        fc.string({ unit: fc.constantFrom(...'azAZ09-_./:;=* '.split('')), maxLength: 300 }),
      )
      .map((key) => ({ 'idempotency-key': key })),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Record<string, string>>(
      { accept: 'text/html' },
      { accept: '*/*;q=x' },
      { 'x-forwarded-for': '::1, 999.1.1.1' },
      { 'accept-language': 'xx;q=2,,,' },
    ),
  },
);

const objectSchema = (list: { name: string; required?: boolean; schema: JsonSchema }[]): JsonSchema => ({
  type: 'object',
  properties: Object.fromEntries(list.map((p) => [p.name, p.schema])),
  required: list.filter((p) => p.required).map((p) => p.name),
});

/** Percent-encodes a path or query value; lone surrogates (which encodeURIComponent refuses) become invalid UTF-8 bytes. */
const encode = (value: unknown): string => {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  try {
    return encodeURIComponent(text);
  } catch {
    return text.replace(/[\ud800-\udfff]/g, '%ED%A0%80').replace(/[^%\w-]/g, (c) => {
      try {
        return encodeURIComponent(c);
      } catch {
        return '%ED%A0%80';
      }
    });
  }
};

const short = (value: unknown): string => {
  const text =
    JSON.stringify(value, (_, v: unknown) => (typeof v === 'string' && v.length > 80 ? `${v.slice(0, 40)}…(${v.length} chars)` : v)) ??
    'undefined';
  return text.length > 600 ? `${text.slice(0, 600)}…(${text.length} chars)` : text;
};

const requestOf = (route: Route, fuzzed: Fuzzed): InjectOptions & { url: string } => {
  const url = route.path.replace(/\{([^}]+)\}/g, (_, name: string) => encode(fuzzed.params[name] ?? ''));
  const query = Object.entries(fuzzed.query ?? {})
    .flatMap(([key, value]) => (Array.isArray(value) ? value.map((v) => [key, v] as const) : [[key, value] as const]))
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${encode(key)}=${encode(value)}`)
    .join('&');
  const withBody = route.method !== 'GET' && route.method !== 'DELETE';
  const payload = fuzzed.target === 'raw' ? String(fuzzed.body) : fuzzed.body === undefined ? undefined : JSON.stringify(fuzzed.body);
  return {
    method: route.method,
    url: query ? `${url}?${query}` : url,
    headers: {
      ...fuzzed.headers,
      ...tokenOf(fuzzed.caller),
      ...(withBody && payload !== undefined ? { 'content-type': fuzzed.contentType } : {}),
    },
    ...(withBody && payload !== undefined ? { payload } : {}),
  };
};

const fuzzedRequests = (route: Route): fc.Arbitrary<Fuzzed> => {
  const parameters = route.operation.parameters ?? [];
  const pathSchema = objectSchema(parameters.filter((p) => p.in === 'path').map((p) => ({ ...p, required: true })));
  const querySchema = objectSchema(parameters.filter((p) => p.in === 'query'));
  const bodySchema = route.operation.requestBody?.content['application/json']?.schema;
  const valid = fc.record({
    caller: fc.constantFrom<Caller>('admin', 'admin', 'admin', 'manager', 'writer', 'writer', 'outsider', 'anonymous', 'forged'),
    params: validValue(pathSchema, resolve, ids) as fc.Arbitrary<Record<string, unknown>>,
    query: validValue(querySchema, resolve, ids) as fc.Arbitrary<Record<string, unknown>>,
    body: bodySchema ? validValue(bodySchema, resolve, ids) : fc.option(fc.jsonValue({ maxDepth: 2 }), { nil: undefined }),
    contentType: fc.constantFrom(
      'application/json',
      'application/json',
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
      'application/x-www-form-urlencoded',
    ),
    headers: extraHeaders,
  });
  return valid
    .chain((base) =>
      fc.constantFrom<Fuzzed['target']>('none', 'params', 'query', 'body', 'body', 'raw').chain((target): fc.Arbitrary<Fuzzed> => {
        if (target === 'none') return fc.constant({ ...base, target, contentType: 'application/json' });
        if (target === 'raw') {
          const raw = fc.constantFrom('{"a":', '[1,2', 'null', '"\u0000"', '\u0000', '{"__proto__":{"admin":true}}', 'x'.repeat(100_000));
          return raw.map((body) => ({ ...base, target, body, contentType: 'application/json' }));
        }
        const value = target === 'params' ? base.params : target === 'query' ? base.query : base.body;
        return mutationOf(value).map((mutation) => {
          let mutated = applyMutation(value, mutation);
          // Path values are always present (an empty segment is another route).
          if (target === 'params' && (mutated === null || typeof mutated !== 'object' || Array.isArray(mutated))) mutated = base.params;
          return { ...base, target, contentType: target === 'body' ? base.contentType : 'application/json', [target]: mutated };
        });
      }),
    )
    .map((fuzzed) =>
      Object.assign(fuzzed, {
        [fc.toStringMethod]: () =>
          `${fuzzed.caller} ${fuzzed.target} ${short({ params: fuzzed.params, query: fuzzed.query, body: fuzzed.body, contentType: fuzzed.contentType, headers: fuzzed.headers })}`,
      }),
    );
};

/** What is wrong with one answer (null: nothing). */
const defectOf = (response: LightMyRequestResponse, appended: number): string | null => {
  const status = response.statusCode;
  if (status >= 500) return `answered ${status}: ${response.body.slice(0, 300)}`;
  if (status < 400) return null;
  if (appended !== 0) return `refused with ${status} but appended ${appended} event(s)`;
  if (!String(response.headers['content-type'] ?? '').startsWith('application/problem+json')) {
    return `${status} is not problem JSON (${String(response.headers['content-type'])}): ${response.body.slice(0, 200)}`;
  }
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(response.body) as Record<string, unknown>;
  } catch {
    return `${status} body is not JSON: ${response.body.slice(0, 200)}`;
  }
  for (const key of ['type', 'title', 'detail', 'message', 'code']) {
    if (typeof body[key] !== 'string') return `${status} problem lacks ${key}: ${response.body.slice(0, 200)}`;
  }
  if (body.status !== status) return `${status} problem says status ${String(body.status)}`;
  if (status === 400) {
    const errors = body.errors as { field?: unknown }[] | undefined;
    if (!Array.isArray(errors) || errors.length === 0 || errors.some((e) => typeof e.field !== 'string' || e.field === '')) {
      return `400 names no field: ${response.body.slice(0, 300)}`;
    }
  }
  return null;
};

/** A fixed offset per route, so the routes do not all draw the same first cases. */
const routeSeed = (label: string): number => [...label].reduce((hash, c) => (hash * 31 + c.charCodeAt(0)) % 1_000_003, 7);

const counts = new Map<string, Map<number, number>>();
const count = (label: string, status: number) => {
  const byStatus = counts.get(label) ?? new Map<number, number>();
  byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  counts.set(label, byStatus);
};

afterAll(async () => {
  const lines = [...counts].map(
    ([label, byStatus]) =>
      `${label.padEnd(72)} ${[...byStatus]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}×${n}`)
        .join(' ')}`,
  );
  const totals = new Map<number, number>();
  for (const byStatus of counts.values()) for (const [s, n] of byStatus) totals.set(s, (totals.get(s) ?? 0) + n);
  const total = [...totals]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}×${n}`)
    .join(' ');
  // The table per route is for `npm run fuzz` (FUZZ_RUNS set); within `npm test` one line says what ran.
  console.log(
    process.env.FUZZ_RUNS
      ? `route fuzz (seed ${seed}, ${runs} runs per route, ${counts.size} routes)\n${lines.join('\n')}\ntotal ${total}`
      : `route fuzz (seed ${seed}, ${runs} runs per route, ${counts.size} routes): ${total}`,
  );
  await t.close();
});

describe(`route fuzz (issue 17 §2, seed ${seed}, ${runs} runs per route)`, () => {
  it('finds the routes of the OpenAPI document (every registered route)', () => {
    expect(routes.length).toBeGreaterThan(100);
    for (const route of routes) {
      expect(t.app.hasRoute({ method: route.method, url: route.label.split(' ')[1] as string }), route.label).toBe(true);
    }
  });

  for (const route of routes) {
    it(route.label, { timeout: Math.max(30_000, runs * 3_000) }, async () => {
      await fc.assert(
        fc.asyncProperty(fuzzedRequests(route), async (fuzzed) => {
          const request = requestOf(route, fuzzed);
          const before = await t.infra.eventStore.headPosition();
          const response = await t.app.inject(request);
          const appended = (await t.infra.eventStore.headPosition()) - before;
          count(route.label, response.statusCode);
          const defect = defectOf(response, appended);
          if (defect) throw new Error(`${request.method} ${request.url.slice(0, 300)} → ${defect}`);
        }),
        { seed: seed + routeSeed(route.label), numRuns: runs, endOnFailure: process.env.FUZZ_SHRINK === '0' },
      );
      const alive = await t.app.inject({ method: 'GET', url: '/api/recaptcha/challenge' });
      expect(alive.statusCode, 'the server still answers').toBe(200);
    });
  }

  it('a mutation generator covers the kinds the issue names', () => {
    const seen = fc.sample(wrongValue(), { seed, numRuns: 300 });
    expect(seen.some((v) => typeof v === 'string' && v.length >= 100_000)).toBe(true);
    expect(seen.some((v) => typeof v === 'string' && v.includes('\u0000'))).toBe(true);
    expect(seen.some((v) => typeof v === 'number' && Math.abs(v) > 1e300)).toBe(true);
    expect(seen.some((v) => typeof v === 'object' && v !== null && JSON.stringify(v).length > 1000)).toBe(true);
  });
});
