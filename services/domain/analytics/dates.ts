/**
 * Calendar arithmetic of the analytics pages, on UTC dates written
 * `YYYY-MM-DD` (the projection buckets activity by UTC day).
 */

const dayMs = 86_400_000;

export type DateRange = { from: string; to: string };

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

export const isoDate = (date: Date): string => `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

/** Midnight UTC of a `YYYY-MM-DD` date, in ms; NaN when it is not a real date (2025-02-30). */
export const dateMs = (day: string): number => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return Number.NaN;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(y, m - 1, d);
  return isoDate(new Date(ms)) === day ? ms : Number.NaN;
};

export const isValidDate = (day: string): boolean => !Number.isNaN(dateMs(day));

/** Days from `from` to `to`, both included (0 when `to` is before `from`). */
export const daysInRange = (range: DateRange): number => Math.max(0, Math.round((dateMs(range.to) - dateMs(range.from)) / dayMs) + 1);

/** Every date of the range, in order. */
export const eachDay = (range: DateRange): string[] => {
  const start = dateMs(range.from);
  return Array.from({ length: daysInRange(range) }, (_, i) => isoDate(new Date(start + i * dayMs)));
};

/**
 * The school year holding `today` (fact sheet §7): from August on, 15 August
 * of this year to 30 June of the next; before August, 15 August of last year to
 * 30 June of this one. Both ends included.
 */
export const schoolYear = (today: Date): DateRange => {
  const year = today.getUTCFullYear();
  const start = today.getUTCMonth() >= 7 ? year : year - 1;
  return { from: `${start}-08-15`, to: `${start + 1}-06-30` };
};

/** 0 = Sunday … 6 = Saturday (the original's order). */
export const weekday = (day: string): number => new Date(dateMs(day)).getUTCDay();

/** The ISO-8601 week of a date, `YYYY-Www` (weeks start on Monday; week 1 holds the first Thursday). */
export const isoWeek = (day: string): string => {
  const date = new Date(dateMs(day));
  const dow = (date.getUTCDay() + 6) % 7; // Monday = 0
  const thursday = new Date(date.getTime() + (3 - dow) * dayMs);
  const weekYear = thursday.getUTCFullYear();
  const firstThursday = Date.UTC(weekYear, 0, 4);
  const firstDow = (new Date(firstThursday).getUTCDay() + 6) % 7;
  const week1Monday = firstThursday - firstDow * dayMs;
  const week = Math.floor((thursday.getTime() - week1Monday) / (7 * dayMs)) + 1;
  return `${weekYear}-W${pad(week)}`;
};

/** The UTC date of an ISO instant. */
export const dayOf = (instant: string): string => {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? instant.slice(0, 10) : isoDate(date);
};
