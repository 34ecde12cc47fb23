import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const assets = join(import.meta.dirname, '..', 'web', 'dist', 'assets');
const analyticsChunks =
  /^(ChartCard|PlotlyChart|StatsPage|S2vizPage|DashboardPage|NoteDashboardPage|AuthorNetworkPage|ForceGraph|ChordDiagram|shell)-/;
const viewChunks = /^(index|ViewPage)-/;

/**
 * The gzip sizes of the analytics chunks of the last web build (issue 12 §8:
 * ≤ 400 kB, not loaded on the view or editor routes), beside the view's own
 * chunks; a line saying how to get them when web/dist is not built.
 */
export const analyticsBundleSizes = (): string => {
  if (!existsSync(assets)) return '   bundle sizes: web/dist is not built (npm run build:web), nothing to measure';
  const sizes = (pattern: RegExp) =>
    readdirSync(assets)
      .filter((file) => file.endsWith('.js') && pattern.test(file))
      .map((file) => ({ name: file.replace(/-[\w-]{8}\.js$/, ''), kB: gzipSync(readFileSync(join(assets, file))).length / 1024 }));
  const analytics = sizes(analyticsChunks);
  const view = sizes(viewChunks);
  const total = analytics.reduce((sum, chunk) => sum + chunk.kB, 0);
  const list = (chunks: { name: string; kB: number }[]) => chunks.map((chunk) => `${chunk.name} ${chunk.kB.toFixed(1)}`).join(', ');
  return [
    `   analytics chunks, gzip kB              : ${list(analytics)}; all together ${total.toFixed(1)} kB (goal: the largest ≤ 400 kB)`,
    `   the view route's chunks (none of those): ${list(view)}`,
  ].join('\n');
};
