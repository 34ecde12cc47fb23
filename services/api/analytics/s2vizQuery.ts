import type { S2vizQuery, S2vizReply } from '../../../contracts/api/analytics.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import { eachDay } from '../../domain/analytics/dates.ts';
import { chordFlows, chordMatrix, readNodes, socialNetwork } from '../../domain/analytics/interactions.ts';
import { servedAggregate } from './aggregateStore.ts';
import { audienceOf } from './audience.ts';
import { statsRange, type AnalyticsDeps } from './statsQuery.ts';

/**
 * GET /api/analytics/{communityId}/s2viz: the social-interaction page (spec
 * part 2 §2, fact sheet §7). Reads per day over the range; the chords and the
 * network over every read the reads graph holds (it keeps no dates). Members
 * only; a writer sees their own name and letters for everyone else. Served
 * from the community's aggregate, stamped (`asOf`, `stale`).
 */
export const s2vizQuery = async (deps: AnalyticsDeps, user: UserDocument, communityId: string, query: S2vizQuery): Promise<S2vizReply> => {
  const audience = await audienceOf(deps, user, communityId);
  const { range, defaultRange } = statsRange(query, deps.clock.now());
  // The reads per day and the reads graph come from the community's aggregate (the analytics job's).
  const { doc, stale } = await servedAggregate(deps.readStore, deps.clock, communityId);
  const { readsPerDay, readEdges: edges } = doc.aggregate;
  const nodes = readNodes(edges, audience.order);
  const network = socialNetwork(edges, nodes);
  const key = (authorId: string) => audience.label(authorId).key;
  return {
    communityId,
    range,
    defaultRange,
    seesNames: audience.viewer.seesNames,
    asOf: doc.asOf,
    stale,
    readsPerDay: eachDay(range).map((day) => ({ day, reads: readsPerDay[day] ?? 0 })),
    nodes: nodes.map(audience.label),
    chords: { reading: chordMatrix(edges, nodes, chordFlows.reading), beingRead: chordMatrix(edges, nodes, chordFlows.beingRead) },
    network: {
      edges: network.edges.map((edge) => ({ from: key(edge.from), to: key(edge.to), weight: edge.weight })),
      undirected: network.undirected.map((pair) => ({ a: key(pair.a), b: key(pair.b), weight: pair.weight })),
      undirectedCount: network.undirectedCount,
    },
  };
};
