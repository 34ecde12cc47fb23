import { forceCollide, forceLink, forceManyBody, forceSimulation, forceX, forceY, type SimulationNodeDatum } from 'd3-force';
import { useId, useMemo } from 'react';
import type { Graph, GraphNode } from '../pagesModel.ts';
import styles from './Graphs.module.css';

type Placed = GraphNode & SimulationNodeDatum & { x: number; y: number };

/** The forces of a layout: link distance and charge (the author network's 260 and −300, fact sheet §7). */
export type Forces = { distance: number; charge: number };

/**
 * Lays a graph out with d3-force, run to rest at once (no animation: nothing
 * moves under the reader's eyes, and the same graph always lands the same way
 * from the same start; `turn` starts it elsewhere).
 */
export const layOut = (graph: Graph, forces: Forces, turn = 0): Map<string, Placed> => {
  // d3's own start (a phyllotaxis spiral), turned a little for each "initialise".
  const nodes: Placed[] = graph.nodes.map((node, i) => {
    const radius = 10 * Math.sqrt(0.5 + i);
    const angle = i * Math.PI * (3 - Math.sqrt(5)) + turn;
    return { ...node, x: radius * Math.cos(angle), y: radius * Math.sin(angle) };
  });
  const ids = new Set(nodes.map((node) => node.id));
  const links = graph.links
    .filter((link) => link.source !== link.target && ids.has(link.source) && ids.has(link.target))
    .map((link) => ({ source: link.source, target: link.target }));
  const simulation = forceSimulation<Placed>(nodes)
    .force(
      'link',
      forceLink<Placed, { source: string | Placed; target: string | Placed }>(links)
        .id((node) => node.id)
        .distance(forces.distance),
    )
    .force('charge', forceManyBody<Placed>().strength(forces.charge))
    .force('x', forceX<Placed>(0).strength(0.06))
    .force('y', forceY<Placed>(0).strength(0.06))
    .force(
      'collide',
      forceCollide<Placed>((node) => node.radius + 6),
    )
    .stop();
  simulation.tick(300);
  return new Map(nodes.map((node) => [node.id, node]));
};

/** The path of an edge from a to b, bent a little so that a → b and b → a stay apart, ending at b's rim. */
const edgePath = (a: Placed, b: Placed, bend: boolean, gap: number): string => {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length = Math.hypot(dx, dy) || 1;
  const [nx, ny] = [-dy / length, dx / length];
  const offset = bend ? length * 0.12 : 0;
  const cx = (a.x + b.x) / 2 + nx * offset;
  const cy = (a.y + b.y) / 2 + ny * offset;
  // End on the target's rim (plus the arrow's room), along the curve's last direction.
  const ex = b.x - cx;
  const ey = b.y - cy;
  const el = Math.hypot(ex, ey) || 1;
  const tx = b.x - (ex / el) * gap;
  const ty = b.y - (ey / el) * gap;
  return `M${a.x},${a.y} Q${cx},${cy} ${tx},${ty}`;
};

/** A loop above a node (a self-read or an author building on their own note). */
const loopPath = (node: Placed): string => {
  const r = Math.max(10, node.radius);
  const x0 = node.x - r * 0.6;
  const x1 = node.x + r * 0.6;
  const y = node.y - r * 0.8;
  return `M${x0},${y} C${x0 - r},${y - r * 2.2} ${x1 + r},${y - r * 2.2} ${x1},${y}`;
};

/**
 * A network drawn in SVG: nodes with their labels, links as strokes of their
 * width (arrows when directed), each link's raw value in its tooltip. The
 * drawing is scaled to fit its box; an image for assistive technology (the
 * table beside it holds the same links).
 */
export const ForceGraph = ({
  graph,
  forces,
  height,
  label,
  testId,
  linkTitle,
  nodeTitle,
  version = 0,
}: {
  graph: Graph;
  forces: Forces;
  height: number;
  label: string;
  testId: string;
  linkTitle: (source: string, target: string, value: number, directed: boolean) => string;
  nodeTitle?: (node: GraphNode) => string;
  /** Bumped by "initialise": lays the graph out anew. */
  version?: number;
}) => {
  const markerId = `arrow-${useId().replace(/:/g, '')}`;
  const placed = useMemo(() => layOut(graph, forces, version), [graph, forces, version]);
  const box = useMemo(() => {
    const list = [...placed.values()];
    if (list.length === 0) return { x: -100, y: -100, w: 200, h: 200 };
    const pad = 60;
    const xs = list.flatMap((n) => [n.x - n.radius - pad, n.x + n.radius + pad]);
    const ys = list.flatMap((n) => [n.y - n.radius * 3.5 - pad, n.y + n.radius + pad]);
    const [x, y] = [Math.min(...xs), Math.min(...ys)];
    return { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y };
  }, [placed]);
  const font = Math.max(12, Math.min(box.w, box.h) / 40);
  const pairs = new Set(graph.links.map((link) => `${link.source}\n${link.target}`));
  return (
    <svg
      viewBox={`${box.x} ${box.y} ${box.w} ${box.h}`}
      className={styles.network}
      style={{ height: `min(${height}px, 110vw)` }}
      role="img"
      aria-label={label}
      data-testid={testId}
      data-nodes={graph.nodes.length}
      data-links={graph.links.length}
    >
      <defs>
        <marker
          id={markerId}
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="12"
          markerHeight="12"
          markerUnits="userSpaceOnUse"
          orient="auto"
        >
          <path d="M0,0 L10,5 L0,10 z" className={styles.arrow} />
        </marker>
      </defs>
      <g>
        {graph.links.map((link, i) => {
          const a = placed.get(link.source);
          const b = placed.get(link.target);
          if (!a || !b) return null;
          const d =
            a === b
              ? loopPath(a)
              : edgePath(a, b, link.directed && pairs.has(`${link.target}\n${link.source}`), link.directed ? b.radius + 3 : b.radius);
          return (
            <path
              key={i}
              d={d}
              className={styles.edge}
              strokeWidth={link.width}
              markerEnd={link.directed ? `url(#${markerId})` : undefined}
              data-edge=""
            >
              <title>{linkTitle(a.label, b.label, link.value, link.directed)}</title>
            </path>
          );
        })}
      </g>
      <g>
        {[...placed.values()].map((node) => (
          <g key={node.id} data-node={node.label}>
            <circle cx={node.x} cy={node.y} r={node.radius} className={node.me ? styles.nodeMe : styles.node}>
              {nodeTitle && <title>{nodeTitle(node)}</title>}
            </circle>
            <text
              x={node.x}
              y={node.y + node.radius + font * 1.1}
              textAnchor="middle"
              className={styles.nodeLabel}
              style={{ fontSize: font }}
            >
              {node.label}
            </text>
          </g>
        ))}
      </g>
    </svg>
  );
};
