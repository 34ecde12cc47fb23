import { seededRandom, type Random } from './random.ts';
import { personName, topics } from './text.ts';

/**
 * What one class does over a school year, decided up front from a seed and
 * then played through the real use cases (services/cli/seed/playClass.ts).
 * The default size is the real class the benchmarks are measured on: 108
 * pupils and their teacher (109 authors), 3,779 notes in 12 views.
 */
export type ClassSize = {
  pupils: number;
  notes: number;
  /** Views, one per unit of the year (at most one per topic). */
  views: number;
  /** School days the notes are spread over. */
  days: number;
  /** Share of notes that build on an earlier note of the same view. */
  buildOnShare: number;
  /** Share of notes whose first sentence is written inside a scaffold support. */
  scaffoldShare: number;
  /** Notes opened by classmates (read marks), over the year. */
  reads: number;
  /** Later saves of a note by its author. */
  edits: number;
  /** Notes the teacher moves on the canvas. */
  moves: number;
};

export const realClassSize: ClassSize = {
  pupils: 108,
  notes: 3_779,
  views: 12,
  days: 120,
  buildOnShare: 0.45,
  scaffoldShare: 0.3,
  reads: 2_000,
  edits: 300,
  moves: 100,
};

export type Person = { userName: string; firstName: string; lastName: string };

/** Who acts: -1 is the teacher, 0… a pupil. */
export type Actor = number;

export type Action =
  | { kind: 'view'; view: number }
  | {
      kind: 'note';
      note: number;
      author: Actor;
      view: number;
      /** The note it builds on (an earlier note of the same view), or null. */
      buildsOn: number | null;
      /** Where it is placed when it builds on nothing. */
      x: number;
      y: number;
      sentences: number;
      scaffolded: boolean;
    }
  | { kind: 'read'; reader: Actor; note: number }
  | { kind: 'edit'; note: number }
  | { kind: 'move'; note: number; x: number; y: number };

export type ClassPlan = {
  index: number;
  seed: number;
  teacher: Person;
  pupils: Person[];
  /** Topic index of each view, in the order the teacher opens them. */
  views: number[];
  /** Actions per school day, in the order they happen. */
  days: Action[][];
  /** Each note's author, for edits (only the author edits). */
  noteAuthors: Actor[];
};

/** User names are unique across the district: `c7-p012` is pupil 12 of class 7. */
export const pupilUserName = (classIndex: number, pupil: number): string => `c${classIndex}-p${String(pupil).padStart(3, '0')}`;
export const teacherUserName = (classIndex: number): string => `c${classIndex}-prof`;

/** A free spot on a view's canvas for the n-th note placed there (a loose grid, as a class fills a wall). */
const gridSpot = (random: Random, n: number): { x: number; y: number } => ({
  x: 40 + (n % 8) * 230 + random.int(0, 40),
  y: 40 + Math.floor(n / 8) * 140 + random.int(0, 30),
});

/** Splits `total` items over `buckets` as evenly as integers allow. */
const spread = (total: number, buckets: number): number[] =>
  Array.from({ length: buckets }, (_, i) => Math.floor(((i + 1) * total) / buckets) - Math.floor((i * total) / buckets));

export const planClass = (index: number, size: ClassSize = realClassSize, districtSeed = 1): ClassPlan => {
  const seed = (districtSeed * 1_000_003 + index * 7_919) >>> 0;
  const random = seededRandom(seed);
  const teacher = { userName: teacherUserName(index), ...personName(random) };
  const pupils = Array.from({ length: size.pupils }, (_, p) => ({ userName: pupilUserName(index, p), ...personName(random) }));
  const viewCount = Math.min(size.views, topics.length);
  const views = Array.from({ length: viewCount }, (_, v) => (v + index) % topics.length);
  const days: Action[][] = Array.from({ length: size.days }, () => []);
  const dayOfView = (view: number) => Math.floor((view * size.days) / viewCount);
  for (let view = 0; view < viewCount; view++) days[dayOfView(view)]?.push({ kind: 'view', view });

  const noteAuthors: Actor[] = [];
  const notesOfView: number[][] = Array.from({ length: viewCount }, () => []);
  const notesPerDay = spread(size.notes, size.days);
  let note = 0;
  const notesByDay: number[][] = [];
  for (let day = 0; day < size.days; day++) {
    const view = Math.min(viewCount - 1, Math.floor((day * viewCount) / size.days));
    const today: number[] = [];
    for (let k = 0; k < (notesPerDay[day] ?? 0); k++, note++) {
      const earlier = notesOfView[view] as number[];
      // Build-ons answer recent notes more often than old ones.
      const buildsOn =
        earlier.length > 0 && random.chance(size.buildOnShare)
          ? (earlier[Math.max(0, earlier.length - 1 - Math.floor(random.next() ** 2 * earlier.length))] as number)
          : null;
      // One note in twenty is the teacher's (questions, rise-aboves of the unit).
      const author: Actor = random.chance(0.05) ? -1 : random.int(0, size.pupils - 1);
      const spot = gridSpot(random, earlier.length);
      days[day]?.push({
        kind: 'note',
        note,
        author,
        view,
        buildsOn,
        ...spot,
        sentences: random.int(1, 6),
        scaffolded: random.chance(size.scaffoldShare),
      });
      noteAuthors.push(author);
      earlier.push(note);
      today.push(note);
    }
    notesByDay.push(today);
  }

  // Reads, edits and moves fall on a day after the note exists.
  const written: number[] = [];
  const laterActions: Action[][] = Array.from({ length: size.days }, () => []);
  for (let day = 0; day < size.days; day++) written.push(...(notesByDay[day] ?? []));
  const noteDay = new Map<number, number>();
  notesByDay.forEach((notes, day) => notes.forEach((n) => noteDay.set(n, day)));
  const laterDay = (n: number) => random.int(noteDay.get(n) ?? 0, size.days - 1);
  const anyNote = () => random.int(0, Math.max(0, note - 1));
  if (note > 0) {
    for (let r = 0; r < size.reads; r++) {
      const n = anyNote();
      let reader: Actor = random.int(0, size.pupils - 1);
      if (reader === noteAuthors[n]) reader = (reader + 1) % size.pupils;
      laterActions[laterDay(n)]?.push({ kind: 'read', reader, note: n });
    }
    for (let e = 0; e < size.edits; e++) {
      const n = anyNote();
      laterActions[laterDay(n)]?.push({ kind: 'edit', note: n });
    }
    for (let m = 0; m < size.moves; m++) {
      const n = anyNote();
      laterActions[laterDay(n)]?.push({ kind: 'move', note: n, x: random.int(20, 1800), y: random.int(20, 1400) });
    }
  }
  // A day's notes first, then what is done with them (a note is read after it is written).
  for (let day = 0; day < size.days; day++) days[day]?.push(...(laterActions[day] ?? []));
  return { index, seed, teacher, pupils, views, days, noteAuthors };
};

/** How many actions of each kind a plan holds. */
export const countActions = (plan: ClassPlan): Record<Action['kind'], number> => {
  const counts: Record<Action['kind'], number> = { view: 0, note: 0, read: 0, edit: 0, move: 0 };
  for (const day of plan.days) for (const action of day) counts[action.kind]++;
  return counts;
};
