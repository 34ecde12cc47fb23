import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import { Kf6ContributionSchema, Kf6SearchBody, kf6MaxPageSize } from '../../../../contracts/api/kf6.ts';
import { SearchQuerySchema, searchTypes, type SearchQuery, type SearchType } from '../../../../contracts/api/search.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import { ValidationError } from '../../../core/errors.ts';
import type { AppServices } from '../../../app/appServices.ts';
import { SearchService } from '../../search/searchService.ts';
import { asksForKf6, withResponse, type RouteAdapter } from './adapt.ts';
import { toKf6Contribution } from './shapes.ts';

type Body = { query?: Record<string, unknown>; searchType?: unknown };

const buildonQueryKeys = new Set(Object.keys(SearchQuerySchema.properties));

/**
 * The original's search is asked for by its shape: `pagesize` or `page` as
 * text (KBDeX), `searchType` as `{type}`, the legacy `SearchV2` flag — or
 * explicitly (`?dialect=kf6`). Buildon's own body (numbers, `searchType` as
 * a string) keeps Buildon's `{results, pager}`.
 */
export const isKf6SearchBody = (data: unknown): boolean => {
  if (typeof data !== 'object' || data === null) return false;
  const body = data as Body;
  const query = typeof body.query === 'object' && body.query !== null ? body.query : {};
  return (
    typeof query.pagesize === 'string' ||
    typeof query.page === 'string' ||
    (typeof body.searchType === 'object' && body.searchType !== null) ||
    Object.keys(query).some((key) => !buildonQueryKeys.has(key)) ||
    Object.keys(body).some((key) => key !== 'query' && key !== 'searchType')
  );
};

export const isKf6Search = (request: FastifyRequest): boolean => asksForKf6(request) || isKf6SearchBody(request.body);

const wholeNumber = (value: unknown, field: string, fallback: number): number => {
  if (value === undefined) return fallback;
  const number = typeof value === 'string' ? Number.parseInt(value, 10) : (value as number);
  if (!Number.isInteger(number) || number < 1) throw ValidationError.field(field, msg('errors.fieldInvalid', { field }));
  return number;
};

/** The original's query in Buildon's terms (its filters, its readability rule). */
const buildonQuery = (query: Record<string, unknown>): SearchQuery => {
  const out: Record<string, unknown> = {};
  for (const key of ['communityId', 'words', 'authors', 'privateMode', 'viewIds', 'from', 'to', 'type', 'scaffold', 'rangeOfID']) {
    if (query[key] !== undefined) out[key] = query[key];
  }
  if (query.searchMode === 'title') out.searchMode = 'title';
  // Legacy words (a list) must all occur: Buildon's rule for a list as well.
  if (Array.isArray(out.words) && out.words.length === 0) delete out.words;
  return out;
};

const searchTypeOf = (value: unknown): SearchType | undefined => {
  const type = typeof value === 'object' && value !== null ? (value as { type?: unknown }).type : value;
  return searchTypes.includes(type as SearchType) ? (type as SearchType) : undefined;
};

/**
 * A page of whole contributions, as the original answers (a plain list, no
 * pager; `page` honoured, unlike the original), up to 100,000 — only active
 * contributions of the community the caller may read.
 */
const searchKf6 = async (services: AppServices, request: FastifyRequest, communityId: string) => {
  const body = request.body as Body;
  const query = body.query ?? {};
  const pagesize = Math.min(wholeNumber(query.pagesize, 'query.pagesize', 50), kf6MaxPageSize);
  const page = wholeNumber(query.page, 'query.page', 1);
  const searchType = searchTypeOf(body.searchType);
  const search = new SearchService(services.canvasReader);
  const { filteredObjectIDs } = await search.count(request.currentUser, communityId, buildonQuery(query), searchType);
  const ids = filteredObjectIDs.slice((page - 1) * pagesize, page * pagesize);
  const docs = await services.canvasReader.byIds(services.canvasReader.contributions, ids);
  const byId = new Map(docs.map((doc) => [doc._id, doc]));
  const list = [];
  for (const id of ids) {
    const doc = byId.get(id);
    if (doc) list.push(await toKf6Contribution(doc));
  }
  return list;
};

export const searchAdapter = (services: AppServices): RouteAdapter => ({
  method: 'POST',
  url: '/api/contributions/:communityId/search',
  adapt: (route, handler) => ({
    schema: {
      ...withResponse(
        route,
        200,
        Type.Union([(route.schema?.response as Record<number, never>)[200] as never, Type.Array(Kf6ContributionSchema)]),
      ),
      body: Type.Union([route.schema?.body as never, Kf6SearchBody]),
    },
    handler: async (request, reply) => {
      if (!isKf6Search(request)) return handler(request, reply);
      const { communityId } = request.params as { communityId: string };
      const list = await searchKf6(services, request, communityId);
      // The list is built field by field above: sent as is, not through the union's serializer.
      return reply.serializer(JSON.stringify).send(list);
    },
  }),
});
