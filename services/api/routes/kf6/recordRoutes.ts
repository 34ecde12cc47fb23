import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { IdParams, ObjectIdSchema, problemResponses } from '../../../../contracts/api/common.ts';
import { HistoricalObjectSchema, type HistoryEntry } from '../../../../contracts/api/objects.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import type { AppServices } from '../../../app/appServices.ts';
import { authorIdFor } from '../../communities/authorId.ts';
import type { Reader } from '../../canvas/canvasReader.ts';
import { communityReader, readableDocs } from './readFilter.ts';

const CommunityParams = Type.Object({ communityId: ObjectIdSchema });

/** A record as the original keeps it (KRecord): who did what to which contribution, when. */
export const Kf6RecordSchema = Type.Object({
  _id: Type.String(),
  communityId: ObjectIdSchema,
  authorId: Type.Union([ObjectIdSchema, Type.Null()]),
  targetId: ObjectIdSchema,
  type: Type.String(),
  timestamp: Type.String(),
  historicalObjectId: Type.Optional(Type.String()),
});

const Match = (item: ReturnType<typeof Type.String>) =>
  Type.Union([item, Type.Object({ $in: Type.Array(item, { maxItems: 10_000 }) }, { additionalProperties: false })]);

/** `POST /api/records/search/{communityId}`: the query fields the original's clients send. */
export const Kf6RecordSearchBody = Type.Object(
  {
    query: Type.Optional(
      Type.Object(
        {
          authorId: Type.Optional(Match(ObjectIdSchema)),
          targetId: Type.Optional(Match(ObjectIdSchema)),
          type: Type.Optional(Match(Type.String({ maxLength: 40 }))),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

/** `POST /api/historicalobjects/{communityId}/search`: by contribution (`dataId`) and kind (`type`: Object or Link). */
export const Kf6HistoricalSearchBody = Type.Object(
  {
    query: Type.Optional(
      Type.Object(
        {
          dataId: Type.Optional(Match(ObjectIdSchema)),
          type: Type.Optional(Match(Type.String({ maxLength: 40 }))),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

type MatchValue = string | { $in: string[] } | undefined;
const matches = (wanted: MatchValue, value: string | null): boolean =>
  wanted === undefined || (typeof wanted === 'string' ? value === wanted : value !== null && wanted.$in.includes(value));

type Kf6Record = {
  _id: string;
  communityId: string;
  authorId: string | null;
  targetId: string;
  type: string;
  timestamp: string;
  historicalObjectId?: string;
};

/**
 * The original's records of one contribution, from Buildon's history (every
 * version the caller may read, `mayReadPast`) and the caller's own read: a
 * reader never learns from records who else read what.
 */
const recordsOf = async (services: AppServices, user: UserDocument, reader: Reader, id: string): Promise<Kf6Record[]> => {
  const communityId = reader.grant.community._id;
  const history: HistoryEntry[] = await services.objects.history(user, id);
  const records: Kf6Record[] = history.map((entry) => ({
    _id: entry._id,
    communityId,
    authorId: entry.authorId ? authorIdFor(communityId, entry.authorId) : null,
    targetId: id,
    type: entry.operation,
    timestamp: entry.at,
    historicalObjectId: entry._id,
  }));
  const read = (await services.canvasReader.readsOf(reader.authorId, [id])).get(id);
  if (read) records.push({ _id: read._id, communityId, authorId: reader.authorId, targetId: id, type: 'read', timestamp: read.last });
  return records.sort((a, b) => a.timestamp.localeCompare(b.timestamp));
};

/** The ids of the community's contributions the reader may read (optionally only `wanted`). */
const readableIds = async (services: AppServices, reader: Reader, wanted: MatchValue): Promise<string[]> => {
  const canvas = services.canvasReader;
  const communityId = reader.grant.community._id;
  const filter = wanted === undefined ? { communityId } : { communityId, _id: typeof wanted === 'string' ? wanted : { $in: wanted.$in } };
  const docs = (await canvas.contributions.find(filter)).filter((doc) => doc.type !== 'Context' && doc.type !== 'Group');
  return [...(await readableDocs(services, reader, docs)).keys()];
};

/**
 * The original's records and historical objects (issue 15 §2), answered from
 * Buildon's history and reads with the same reading rules as the history tab.
 */
const kf6RecordRoutes: FastifyPluginAsyncTypebox<{ services: AppServices }> = async (app, { services }) => {
  app.get(
    '/api/records/object/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['kf6', 'records'],
        summary: "KF6: a contribution's records (created, modified, deleted from its readable history; the caller's own read)",
        params: IdParams,
        response: { 200: Type.Array(Kf6RecordSchema), ...problemResponses },
      },
    },
    async (request) => {
      const user = request.currentUser;
      const object = await services.objects.get(user, request.params.id);
      const reader = await communityReader(services, user, object.communityId);
      return recordsOf(services, user, reader, request.params.id);
    },
  );

  app.post(
    '/api/records/search/:communityId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['kf6', 'records'],
        summary: "KF6: the community's records matching the query (author, target, type), of contributions the caller may read",
        params: CommunityParams,
        body: Kf6RecordSearchBody,
        response: { 200: Type.Array(Kf6RecordSchema), ...problemResponses },
      },
    },
    async (request) => {
      const user = request.currentUser;
      const query = request.body.query ?? {};
      const reader = await communityReader(services, user, request.params.communityId);
      const ids = await readableIds(services, reader, query.targetId);
      const records = (await Promise.all(ids.map((id) => recordsOf(services, user, reader, id)))).flat();
      return records
        .filter((record) => matches(query.authorId, record.authorId) && matches(query.type, record.type))
        .sort((a, b) => a.timestamp.localeCompare(b.timestamp));
    },
  );

  app.post(
    '/api/historicalobjects/:communityId/search',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['kf6', 'history'],
        summary: 'KF6: historical versions of the contributions the caller may read (each as GET /api/historicalobjects/{id} answers it)',
        params: CommunityParams,
        body: Kf6HistoricalSearchBody,
        response: { 200: Type.Array(HistoricalObjectSchema), ...problemResponses },
      },
    },
    async (request) => {
      const user = request.currentUser;
      const query = request.body.query ?? {};
      const reader = await communityReader(services, user, request.params.communityId);
      const ids = await readableIds(services, reader, query.dataId);
      const entries = (await Promise.all(ids.map((id) => services.objects.history(user, id)))).flat();
      const versions = await Promise.all(entries.map((entry) => services.objects.historicalObject(user, entry._id)));
      return versions.filter((version) => matches(query.type, version.type)).sort((a, b) => a.at.localeCompare(b.at));
    },
  );
};

export default kf6RecordRoutes;
