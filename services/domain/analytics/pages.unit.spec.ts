import { describe, expect, it } from 'vitest';
import { authorNetwork, scaled } from './authorNetwork.ts';
import { computeDashboard, computeNoteDashboard, dashboardCsvFileName, dashboardCsvRows, recordsPerView } from './dashboard.ts';
import { chordFlows, chordMatrix, readNodes, socialNetwork, type ReadEdge } from './interactions.ts';

const [A, B, C, D] = ['author-a', 'author-b', 'author-c', 'author-d'];

describe('s2viz: chords and the reads network (fact sheet §7)', () => {
  // B read A's notes twice, C read A once and B three times, A read her own notes four times, D read B once.
  const edges: ReadEdge[] = [
    { from: B, to: A, count: 2 },
    { from: C, to: A, count: 1 },
    { from: C, to: B, count: 3 },
    { from: A, to: A, count: 4 },
    { from: D, to: B, count: 1 },
  ];
  const nodes = readNodes(edges, [A, B, C, 'never-read']);

  it('puts everybody in a read in first-seen order, others after them', () => {
    expect(nodes).toEqual([A, B, C, D]);
  });

  it('builds the reading chord: reader → author 0.1 per read, author → reader 1, self-reads 1.1 on the diagonal', () => {
    expect(chordMatrix(edges, nodes, chordFlows.reading)).toEqual([
      // A: 4 self-reads (4 × 1.1), B read A twice (A→B 2 × 1), C read A once (A→C 1)
      [4.4, 2, 1, 0],
      // B: read A twice (0.2), C read B three times (B→C 3), D read B once (B→D 1)
      [0.2, 0, 3, 1],
      // C: read A once (0.1), read B three times (0.3)
      [0.1, 0.3, 0, 0],
      // D: read B once (0.1)
      [0, 0.1, 0, 0],
    ]);
  });

  it('builds the being-read chord with the flows the other way round', () => {
    expect(chordMatrix(edges, nodes, chordFlows.beingRead)).toEqual([
      [4.4, 0.2, 0.1, 0],
      [2, 0, 0.3, 0.1],
      [1, 3, 0, 0],
      [0, 1, 0, 0],
    ]);
  });

  it('leaves self-reads out of the network and counts each pair once, with every read (no off-by-one)', () => {
    const network = socialNetwork([...edges, { from: A, to: C, count: 2 }], nodes);
    expect(network.edges).toEqual([
      { from: A, to: C, weight: 2 },
      { from: B, to: A, weight: 2 },
      { from: C, to: A, weight: 1 },
      { from: C, to: B, weight: 3 },
      { from: D, to: B, weight: 1 },
    ]);
    // A–C: 2 + 1 = 3 (the original showed 2); B–D: 1 (the original showed 0).
    expect(network.undirected).toEqual([
      { a: A, b: B, weight: 2 },
      { a: A, b: C, weight: 3 },
      { a: B, b: C, weight: 3 },
      { a: B, b: D, weight: 1 },
    ]);
    expect(network.undirectedCount).toBe(4);
  });
});

describe('the activity dashboard (fact sheet §7)', () => {
  const activity = [
    { day: '2025-10-06', authorId: A, counts: { created: 1, modified: 2, read: 3 } },
    { day: '2025-10-06', authorId: B, counts: { read: 1 } },
    { day: '2025-10-07', authorId: B, counts: { created: 1, modified: 1 } },
    { day: '2025-10-08', authorId: C, counts: { read: 2 } },
    { day: '2025-10-09', authorId: A, counts: { read: 7 } },
  ];
  const dashboard = computeDashboard(activity, { from: '2025-10-06', to: '2025-10-08' }, [A, B, C]);

  it('counts actions, actors and Modify + Read per day in the range only', () => {
    expect(dashboard.actions).toEqual({ read: 6, modified: 3, created: 2 });
    expect(dashboard.actors).toEqual([
      { authorId: A, count: 6 },
      { authorId: B, count: 3 },
      { authorId: C, count: 2 },
    ]);
    expect(dashboard.perDay).toEqual([
      { day: '2025-10-06', modified: 2, read: 4 },
      { day: '2025-10-07', modified: 1, read: 0 },
      { day: '2025-10-08', modified: 0, read: 2 },
    ]);
  });

  it('gives the per-user table with totals and averages over the users listed', () => {
    expect(dashboard.users).toEqual([
      { authorId: A, counts: { read: 3, modified: 2, created: 1, total: 6 } },
      { authorId: B, counts: { read: 1, modified: 1, created: 1, total: 3 } },
      { authorId: C, counts: { read: 2, modified: 0, created: 0, total: 2 } },
    ]);
    expect(dashboard.totals).toEqual({ read: 6, modified: 3, created: 2, total: 11 });
    expect(dashboard.averages).toEqual({ read: 2, modified: 1, created: 0.67, total: 3.67 });
  });

  it('counts records per view for the view chart, most first', () => {
    expect(
      recordsPerView([
        { V1: { read: 2, created: 1 }, V2: { modified: 1 } },
        { V2: { read: 3 }, V3: {} },
      ]),
    ).toEqual([
      { viewId: 'V2', count: 4 },
      { viewId: 'V1', count: 3 },
    ]);
  });

  it('has zero averages for an empty range', () => {
    const empty = computeDashboard(activity, { from: '2025-11-01', to: '2025-11-01' }, []);
    expect(empty.averages).toEqual({ read: 0, modified: 0, created: 0, total: 0 });
    expect(empty.users).toEqual([]);
  });

  it("writes the CSV rows as labelled and names the file as the original did (its 'Statics' kept)", () => {
    expect(dashboardCsvRows([{ label: '=B', counts: { read: 1, modified: 2, created: 3, total: 6 } }])).toEqual([['=B', 1, 2, 3, 6]]);
    expect(dashboardCsvFileName('Classe 5A: "arbres"')).toBe('Activity_Dashboard_Statics_Classe 5A_ _arbres_.csv');
  });
});

describe('the note dashboard (dashboard2, fact sheet §7)', () => {
  it('counts contributions created in the range by first author, by type in % and per day', () => {
    const items = [
      { type: 'Note', authors: [B, A], created: '2025-10-06T08:00:00Z' },
      { type: 'Note', authors: [A], created: '2025-10-06T23:59:59Z' },
      { type: 'Drawing', authors: [A], created: '2025-10-08T00:00:00Z' },
      { type: 'Note', authors: [C], created: '2025-10-09T00:00:00Z' },
    ];
    expect(computeNoteDashboard(items, { from: '2025-10-06', to: '2025-10-08' }, [A, B, C])).toEqual({
      total: 3,
      byAuthor: [
        { authorId: A, count: 2 },
        { authorId: B, count: 1 },
      ],
      types: [
        { type: 'Note', count: 2, percent: 66.67 },
        { type: 'Drawing', count: 1, percent: 33.33 },
      ],
      perDay: [
        { day: '2025-10-06', count: 2 },
        { day: '2025-10-07', count: 0 },
        { day: '2025-10-08', count: 1 },
      ],
    });
  });
});

describe('the author network (fact sheet §7)', () => {
  const items = [
    { id: 'n1', authors: [A], created: '2025-10-06T09:00:00Z', views: ['V1'] },
    { id: 'n2', authors: [A, B], created: '2025-10-07T09:00:00Z', views: ['V1'] },
    { id: 'n3', authors: [B], created: '2025-10-08T09:00:00Z', views: ['V2'] },
    { id: 'n4', authors: [A], created: '2025-10-09T09:00:00Z', views: ['V2'] },
    { id: 'n5', authors: [C], created: '2025-10-10T09:00:00Z', views: [] },
  ];
  const buildOns = [
    { from: B, to: A, count: 3 },
    { from: A, to: A, count: 1 },
    { from: C, to: B, count: 1 },
    { from: D, to: A, count: 2 },
  ];

  it('sizes authors by contributions and weights build-ons by author pairs, self-loops kept', () => {
    // sizes A 3, B 2, C 1: radius ((s − 1)/3 × 20) + 8; weights 3, 1, 1: stroke ((w − 1)/3 × 5) + 2.
    expect(authorNetwork(items, buildOns, {}, [A, B, C])).toEqual({
      nodes: [
        { authorId: A, size: 3, radius: (2 / 3) * 20 + 8 },
        { authorId: B, size: 2, radius: (1 / 3) * 20 + 8 },
        { authorId: C, size: 1, radius: 8 },
      ],
      edges: [
        { from: A, to: A, weight: 1, stroke: 2 },
        { from: B, to: A, weight: 3, stroke: (2 / 3) * 5 + 2 },
        { from: C, to: B, weight: 1, stroke: 2 },
      ],
    });
  });

  it('filters by date range, view and group members, keeping only edges between kept authors', () => {
    const byRange = authorNetwork(items, buildOns, { range: { from: '2025-10-07', to: '2025-10-08' } }, [A, B, C]);
    expect(byRange.nodes.map((n) => [n.authorId, n.size])).toEqual([
      [A, 1],
      [B, 2],
    ]);
    expect(byRange.edges.map((e) => `${e.from}>${e.to}`)).toEqual([`${A}>${A}`, `${B}>${A}`]);
    expect(authorNetwork(items, buildOns, { view: 'V2' }, [A, B, C]).nodes.map((n) => [n.authorId, n.size])).toEqual([
      [A, 1],
      [B, 1],
    ]);
    const group = authorNetwork(items, buildOns, { members: [B, C] }, [A, B, C]);
    expect(group.nodes.map((n) => [n.authorId, n.size])).toEqual([
      [B, 2],
      [C, 1],
    ]);
    expect(group.edges).toEqual([{ from: C, to: B, weight: 1, stroke: 2 }]);
  });

  it('scales like the original and gives a lone value the base', () => {
    expect(scaled(5, 1, 5, 20, 8)).toBe(24);
    expect(scaled(0, 0, 0, 20, 8)).toBe(8);
  });
});
