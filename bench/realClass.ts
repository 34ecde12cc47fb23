/**
 * The class every analytics-side bench measures on: one community of the
 * shape of a real one (108 pupils, 3,779 notes, services/cli/seed), seeded
 * through the domain into a fresh test app. `scale` (0.01–1) shrinks it for
 * a quick look; the figures of record use 1.
 */
import { seedPassword } from '../services/cli/seed/playClass.ts';
import { schoolClock, seedDistrict } from '../services/cli/seed/district.ts';
import { realClassSize, type ClassSize } from '../services/cli/seed/plan.ts';
import { buildObjectsTestApp } from '../tests/support/objects.ts';
import { bearer, type TestApp } from '../tests/support/testApp.ts';
import type { Config } from '../services/app/config.ts';

export const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** A scale from an environment variable, kept within 0.01–1 (1 when unset). */
export const scaleFrom = (value: string | undefined): number => Math.min(1, Math.max(0.01, Number(value ?? 1)));

/** The real class's size times `scale`, never below a handful of pupils, notes and days. */
export const classSizeAt = (scale: number): ClassSize => ({
  ...realClassSize,
  pupils: Math.max(6, Math.round(realClassSize.pupils * scale)),
  notes: Math.max(20, Math.round(realClassSize.notes * scale)),
  days: Math.max(3, Math.round(realClassSize.days * scale)),
  reads: Math.round(realClassSize.reads * scale),
  edits: Math.round(realClassSize.edits * scale),
  moves: Math.round(realClassSize.moves * scale),
});

export type SeededClass = {
  t: TestApp;
  communityId: string;
  size: ClassSize;
  clock: ReturnType<typeof schoolClock>;
  seedSeconds: number;
  /** A seeded account's token (password `seedPassword`). */
  login: (userName: string) => Promise<string>;
};

/** A test app holding one real-size class (`config` as `buildObjectsTestApp` takes it). Close `t` when done. */
export const seedRealClass = async (options: { scale: number; config?: Partial<Config> }): Promise<SeededClass> => {
  const clock = schoolClock();
  const size = classSizeAt(options.scale);
  const t = await buildObjectsTestApp({ clock, ...(options.config ? { config: options.config } : {}) });
  try {
    const { user: admin } = await t.infra.accounts.createOrPromoteAdmin({ userName: 'bench-admin', password: 'admin-pass-1' });
    const started = performance.now();
    const { classes } = await seedDistrict(t.infra, admin, { classes: 1, size, clock });
    const seedSeconds = (performance.now() - started) / 1000;
    return {
      t,
      communityId: classes[0]?.communityId ?? '',
      size,
      clock,
      seedSeconds,
      login: (userName) => t.login(userName, seedPassword),
    };
  } catch (error) {
    await t.close();
    throw error;
  }
};

/** GETs `url` as `token` `warmup + runs` times (200 expected); the median of the timed runs and the last body. */
export const medianGet = async (
  t: TestApp,
  token: string,
  url: string,
  { runs, warmup = 2 }: { runs: number; warmup?: number },
): Promise<{ median: number; body: string }> => {
  const times: number[] = [];
  let body = '';
  for (let i = 0; i < warmup + runs; i++) {
    const started = performance.now();
    const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    if (i >= warmup) times.push(performance.now() - started);
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    body = response.body;
  }
  return { median: median(times), body };
};
