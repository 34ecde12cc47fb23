import type { UserDocument } from '../../../projections/users/index.ts';
import type { PasswordHasher } from '../../app/infrastructure.ts';
import { openClass, playDay, type ClassState, type SeedServices } from './playClass.ts';
import { planClass, realClassSize, type ClassSize } from './plan.ts';

/** A clock the district is played on: school days from the first Monday of September, 8:30 to 15:00. */
export type SchoolClock = { now(): Date; set(at: Date): void };

export const schoolClock = (start = new Date('2025-09-01T08:30:00Z')): SchoolClock => {
  let current = new Date(start);
  return { now: () => new Date(current), set: (at) => (current = new Date(at)) };
};

const dayMs = 24 * 3_600_000;
const schoolDayMs = 6.5 * 3_600_000;

/** The start (8:30) of the n-th school day after `start`, skipping weekends. */
export const schoolDayStart = (start: Date, n: number): Date => {
  let at = start.getTime();
  for (let done = 0; done < n;) {
    at += dayMs;
    const weekday = new Date(at).getUTCDay();
    if (weekday !== 0 && weekday !== 6) done++;
  }
  return new Date(at);
};

/**
 * Hashes each distinct password once. Every seeded account shares one
 * password, and argon2id takes ~30 ms: 7,630 hashes would take four minutes
 * and prove nothing the account tests do not. The stored hash is a real
 * argon2id one, so the seeded pupils log in through the normal route.
 */
export const hashOnce = (hasher: PasswordHasher): PasswordHasher => {
  const hashes = new Map<string, Promise<string>>();
  return {
    hash: (password) => {
      let hashed = hashes.get(password);
      if (!hashed) hashes.set(password, (hashed = hasher.hash(password)));
      return hashed;
    },
    verify: (hashed, password) => hasher.verify(hashed, password),
  };
};

export type DistrictOptions = {
  classes: number;
  size?: ClassSize;
  seed?: number;
  clock: SchoolClock;
  /** Called after each school day with the days done and the total. */
  onDay?: (done: number, total: number) => void;
};

export type DistrictResult = { classes: { index: number; communityId: string; title: string }[]; actions: number };

/**
 * Plays `classes` real-size classes through the use cases, in step: every
 * class does its day 1, then its day 2…, so the log's timestamps only move
 * forward and the district's classes interleave in it as real ones do.
 */
export const seedDistrict = async (services: SeedServices, admin: UserDocument, options: DistrictOptions): Promise<DistrictResult> => {
  const size = options.size ?? realClassSize;
  const start = options.clock.now();
  const plans = Array.from({ length: options.classes }, (_, index) => planClass(index, size, options.seed ?? 1));
  const classes: ClassState[] = await Promise.all(plans.map((plan) => openClass(services, admin, plan)));
  let actions = 0;
  for (let day = 0; day < size.days; day++) {
    const dayStart = schoolDayStart(start, day + 1);
    options.clock.set(dayStart);
    const today = classes.reduce((sum, state) => sum + (state.plan.days[day]?.length ?? 0), 0);
    let doneToday = 0;
    // The classes' days run side by side (as in a school); each class's actions stay in order.
    const step = () => {
      doneToday++;
      options.clock.set(new Date(dayStart.getTime() + Math.floor((doneToday / Math.max(1, today)) * schoolDayMs)));
    };
    await Promise.all(classes.map((state) => playDay(services, state, day, step)));
    actions += today;
    options.onDay?.(day + 1, size.days);
  }
  return {
    classes: classes.map((state) => ({ index: state.plan.index, communityId: state.communityId, title: `Classe ${state.plan.index + 1}` })),
    actions,
  };
};
