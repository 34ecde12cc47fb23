import type { AuthorNetworkQuery, AuthorNetworkReply } from '../../../contracts/api/analytics.ts';
import { msg } from '../../../contracts/messageCodes.ts';
import { contributionsCollectionName, type ContributionDocument } from '../../../projections/contributions/index.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import { NotFoundError, ValidationError } from '../../core/errors.ts';
import { authorNetwork, type NetworkFilters } from '../../domain/analytics/authorNetwork.ts';
import { isValidDate } from '../../domain/analytics/dates.ts';
import { servedAggregate } from './aggregateStore.ts';
import { audienceOf, membersOf, readableDocs } from './audience.ts';
import type { AnalyticsDeps } from './statsQuery.ts';

/** A contribution of the community of `type`, or 404. */
const ofCommunity = async (deps: AnalyticsDeps, communityId: string, id: string, type: string): Promise<ContributionDocument> => {
  const doc = await deps.readStore.collection<ContributionDocument>(contributionsCollectionName).get(id);
  if (!doc || doc.communityId !== communityId || doc.type !== type) throw new NotFoundError();
  return doc;
};

/**
 * GET /api/analytics/{communityId}/authornetwork: the author network (spec
 * part 2 §2, fact sheet §7). Nodes: authors of the contributions the viewer
 * may read (optionally created in a range, placed in a view, by a group's
 * members); edges: the build-on graph between them (all time: the graph keeps
 * no dates), self-loops kept. Names for managers and admins, letters otherwise.
 */
export const authorNetworkQuery = async (
  deps: AnalyticsDeps,
  user: UserDocument,
  communityId: string,
  query: AuthorNetworkQuery,
): Promise<AuthorNetworkReply> => {
  const audience = await audienceOf(deps, user, communityId);
  for (const field of ['from', 'to'] as const) {
    const value = query[field];
    if (value !== undefined && !isValidDate(value)) throw ValidationError.field(field, msg('errors.fieldInvalid', { field }));
  }
  if (query.from !== undefined && query.to !== undefined && query.from > query.to) {
    throw ValidationError.field('to', msg('errors.fieldInvalid', { field: 'to' }));
  }
  const filters: NetworkFilters = {};
  if (query.from !== undefined || query.to !== undefined) {
    filters.range = { from: query.from ?? '0000-01-01', to: query.to ?? '9999-12-31' };
  }
  if (query.view !== undefined) {
    // A view the caller may not read is not found.
    const [view] = await readableDocs(deps.readStore, audience, [query.view]);
    if (!view || view.type !== 'View') throw new NotFoundError();
    filters.view = view._id;
  }
  if (query.group !== undefined) filters.members = membersOf(await ofCommunity(deps, communityId, query.group, 'Group'));
  // The build-on graph comes from the community's aggregate (the analytics job's).
  const { doc, stale } = await servedAggregate(deps.readStore, deps.clock, communityId);
  const { buildOns } = doc.aggregate;
  const network = authorNetwork(
    audience.items.map((item) => ({ id: item._id, authors: item.authors, created: item.created, views: item.views })),
    buildOns,
    filters,
    audience.order,
  );
  const key = (authorId: string) => audience.label(authorId).key;
  return {
    communityId,
    asOf: doc.asOf,
    stale,
    seesNames: audience.viewer.seesNames,
    nodes: network.nodes.map(({ authorId, size, radius }) => ({ author: audience.label(authorId), size, radius })),
    edges: network.edges.map((edge) => ({ ...edge, from: key(edge.from), to: key(edge.to) })),
  };
};
