import { describe, expect, it } from 'vitest';
import { countActions, planClass, realClassSize, type Action } from './plan.ts';
import { schoolDayStart } from './district.ts';

type NoteAction = Extract<Action, { kind: 'note' }>;

describe('a seeded class plan', () => {
  const plan = planClass(3);
  const notes = plan.days.flat().filter((a): a is NoteAction => a.kind === 'note');

  it('is the real class: 108 pupils and their teacher, 3,779 notes in 12 views', () => {
    expect(plan.pupils).toHaveLength(108);
    expect(new Set([plan.teacher.userName, ...plan.pupils.map((p) => p.userName)]).size).toBe(109);
    expect(countActions(plan)).toEqual({
      view: 12,
      note: 3_779,
      read: realClassSize.reads,
      edit: realClassSize.edits,
      move: realClassSize.moves,
    });
    expect(new Set(plan.views).size).toBe(12);
  });

  it('builds on earlier notes of the same view, about as often as asked', () => {
    const viewOf = new Map(notes.map((n) => [n.note, n.view]));
    const buildOns = notes.filter((n) => n.buildsOn !== null);
    for (const n of buildOns) {
      expect(n.buildsOn).toBeLessThan(n.note);
      expect(viewOf.get(n.buildsOn as number)).toBe(n.view);
    }
    expect(buildOns.length / notes.length).toBeGreaterThan(0.38);
    expect(buildOns.length / notes.length).toBeLessThan(0.47);
  });

  it('opens each view before its first note, and reads, edits and moves a note only after it is written', () => {
    const opened = new Set<number>();
    const written = new Set<number>();
    for (const day of plan.days) {
      for (const action of day) {
        if (action.kind === 'view') opened.add(action.view);
        else if (action.kind === 'note') {
          expect(opened.has(action.view)).toBe(true);
          written.add(action.note);
        } else expect(written.has(action.note)).toBe(true);
      }
    }
  });

  it('has pupils read their classmates’ notes, not their own', () => {
    for (const action of plan.days.flat()) {
      if (action.kind === 'read') expect(plan.noteAuthors[action.note]).not.toBe(action.reader);
    }
  });

  it('is the same for the same seed, and another class has other people', () => {
    expect(planClass(3)).toEqual(plan);
    const other = planClass(4);
    const names = new Set(plan.pupils.map((p) => p.userName));
    expect(other.pupils.some((p) => names.has(p.userName))).toBe(false);
    expect(planClass(3, realClassSize, 2)).not.toEqual(plan);
  });
});

describe('school days', () => {
  it('skip weekends', () => {
    const monday = new Date('2025-09-01T08:30:00Z');
    expect(schoolDayStart(monday, 4).toISOString()).toBe('2025-09-05T08:30:00.000Z');
    expect(schoolDayStart(monday, 5).toISOString()).toBe('2025-09-08T08:30:00.000Z');
  });
});
