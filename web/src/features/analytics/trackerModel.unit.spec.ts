import { describe, expect, it } from 'vitest';
import type { TrackerReply } from '../../../../contracts/api/scaffolds.ts';
import { detailCsv, detailRows, radarPoints, trackerQueryOf, usageChart, type TrackerTexts } from './trackerModel.ts';

const texts: TrackerTexts = {
  bar: 'Utilisation par soutien',
  support: 'Soutien',
  scaffold: 'Échafaudage',
  uses: 'Utilisations',
  inNotes: 'Dans les notes',
  note: 'Note',
  author: 'Auteur',
  created: 'Créée le',
  count: 'Nombre',
  pseudonym: (letter) => `Étudiant ${letter}`,
  formatDate: (iso) => iso.slice(0, 10),
};

const [s1, s2, n1, n2, v1] = ['a'.repeat(24), 'b'.repeat(24), 'c'.repeat(24), 'd'.repeat(24), 'e'.repeat(24)];
const reply: TrackerReply = {
  communityId: 'f'.repeat(24),
  asOf: { position: 1, time: null, computedAt: '2026-01-01T00:00:00.000Z' },
  seesNames: false,
  supports: [
    { supportId: s1, title: 'Mon idée', scaffoldId: v1, scaffoldTitle: 'Théorie', total: 3, notes: 2 },
    { supportId: s2, title: '=cmd', scaffoldId: v1, scaffoldTitle: 'Théorie', total: 1, notes: 1 },
  ],
  notes: [
    {
      _id: n1,
      title: 'Feuilles',
      author: { key: 'A', label: 'A', me: false },
      created: '2025-10-06T09:00:00.000Z',
      views: [v1],
      usage: { [s1]: 2, [s2]: 1 },
    },
    {
      _id: n2,
      title: 'Hiver',
      author: { key: 'x', label: 'Bob B', me: true },
      created: '2025-10-05T09:00:00.000Z',
      views: [v1],
      usage: { [s1]: 1 },
    },
  ],
  searched: 5,
};

describe('support tracker model', () => {
  it('asks for the chosen supports and the filters (authors only for managers)', () => {
    const filters = { supportIds: [s1, s2], from: '2025-01-01', to: '', viewIds: [v1], authorIds: [n1], words: '  leaf   fall ' };
    expect(trackerQueryOf(filters, false)).toEqual({ supports: `${s1},${s2}`, from: '2025-01-01', views: v1, words: 'leaf fall' });
    expect(trackerQueryOf(filters, true).authors).toBe(n1);
  });

  it('draws one bar per support, most used first, with the numbers as a table', () => {
    const chart = usageChart(reply, texts);
    expect(chart.kind).toBe('bar');
    if (chart.kind !== 'bar') return;
    expect(chart.series[0]?.x).toEqual(['Mon idée', '=cmd']);
    expect(chart.series[0]?.y).toEqual([3, 1]);
    expect(chart.table.rows).toEqual([
      ['Mon idée', 'Théorie', 3, 2],
      ['=cmd', 'Théorie', 1, 1],
    ]);
    expect(chart.empty).toBe(false);
  });

  it('lists one detail row per note and support, linking to the note (not the view), pseudonyms for others', () => {
    const rows = detailRows(reply, false, texts);
    expect(rows.map((r) => [r.title, r.author, r.support, r.count, r.href])).toEqual([
      ['Feuilles', 'Étudiant A', 'Mon idée', 2, `/contribution/${n1}`],
      ['Feuilles', 'Étudiant A', '=cmd', 1, `/contribution/${n1}`],
      ['Hiver', 'Bob B', 'Mon idée', 1, `/contribution/${n2}`],
    ]);
    const csv = detailCsv(rows, texts, 'https://kf.example');
    expect(csv.split('\r\n')[0]).toBe('Note,Auteur,Créée le,Soutien,Nombre,URL');
    expect(csv).toContain(`https://kf.example/contribution/${n1}`);
    expect(csv).not.toContain(`/view/${v1}`);
    // A cell a spreadsheet would run as a formula is defused.
    expect(csv).toContain("'=cmd");
  });

  it('places radar points on their axes, the largest on the rim', () => {
    const points = radarPoints([4, 2, 0, 1], 100, 150);
    expect(points[0]).toMatchObject({ x: 150, y: 50 });
    expect(points[1]?.x).toBeCloseTo(200);
    expect(points[2]).toMatchObject({ x: 150, y: 150 });
  });
});
