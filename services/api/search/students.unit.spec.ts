import { describe, expect, it } from 'vitest';
import { studentsCap } from '../../../contracts/api/search.ts';
import { matchStudents } from './students.ts';

const member = (label: string, me = false, notes = 0) => ({ label: { key: label, label, me }, notes });

describe('matchStudents (the search\u2019s students type)', () => {
  it('keeps the members whose label holds every word, accents and case ignored, the caller first', () => {
    const reply = matchStudents([member('Zoé Martin', false, 2), member('Élodie Roy'), member('Bruno Li', true, 1)], 'ELODIE');
    expect(reply).toEqual({ total: 1, students: [{ key: 'Élodie Roy', label: 'Élodie Roy', me: false, notes: 0 }] });
    expect(matchStudents([member('Zoé Martin'), member('Bruno Li', true)], '').students.map((s) => s.label)).toEqual([
      'Bruno Li',
      'Zoé Martin',
    ]);
    expect(matchStudents([member('Zoé Martin')], 'zoe mar').total).toBe(1);
    expect(matchStudents([member('Zoé Martin')], 'zoe roy').total).toBe(0);
  });

  it('lists at most 80 and says how many matched', () => {
    const many = Array.from({ length: 120 }, (_, k) => member(`Élève ${String(k).padStart(3, '0')}`));
    const reply = matchStudents(many, 'eleve');
    expect(studentsCap).toBe(80);
    expect(reply.students).toHaveLength(80);
    expect(reply.total).toBe(120);
  });
});
