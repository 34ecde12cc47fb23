import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { IdParams, ObjectIdSchema, problemResponses } from '../../../../contracts/api/common.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import { NotFoundError } from '../../../core/errors.ts';
import type { AppServices } from '../../../app/appServices.ts';
import { Kf6ConnectionSchema, withLinkCaches } from './caches.ts';
import kf6CommunityRoutes from './communityRoutes.ts';
import kf6ContextRoutes from './contexts.ts';
import kf6NewImageRoute from './newImage.ts';
import kf6LinkRoutes from './linkRoutes.ts';
import kf6LinkWrites from './linkWrites.ts';
import kf6RecordRoutes from './recordRoutes.ts';
import { kf6ReadLinks } from './readLinks.ts';

const tags = ['kf6', 'links'];

/** A read, as the original's read link (Author → contribution, `modified` = last read; fact sheet §4). */
export const Kf6ReadLinkSchema = Type.Object({
  _id: Type.String(),
  communityId: ObjectIdSchema,
  from: ObjectIdSchema,
  to: ObjectIdSchema,
  type: Type.Literal('read'),
  data: Type.Object({ count: Type.Integer() }),
  created: Type.String(),
  modified: Type.String(),
});

const FromToParams = Type.Object({ id: ObjectIdSchema, id2: ObjectIdSchema });
const RecordParams = Type.Object({ communityId: ObjectIdSchema, id: ObjectIdSchema });
const ViewRecordParams = Type.Object({ communityId: ObjectIdSchema, viewId: ObjectIdSchema });

/**
 * Calls of the original that Buildon had no path for (issue 15 §2), each
 * answered from Buildon's queries: the same reading rules, the original's
 * reply shapes. (Calls Buildon already answers are widened in place: see
 * ./index.ts.)
 */
const kf6Routes: FastifyPluginAsyncTypebox<{ services: AppServices }> = async (app, { services }) => {
  const { objects, canvasReader } = services;
  await app.register(kf6LinkRoutes, { services });
  await app.register(kf6RecordRoutes, { services });
  await app.register(kf6CommunityRoutes, { services });
  await app.register(kf6ContextRoutes, { services });
  await app.register(kf6NewImageRoute, { services });
  await app.register(kf6LinkWrites, { services });

  app.get(
    '/api/links/either/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'KF6: links from and to a contribution (those whose other end the caller may read), with _from/_to caches',
        params: IdParams,
        response: { 200: Type.Array(Kf6ConnectionSchema), ...problemResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      const user = request.currentUser;
      const from = await withLinkCaches(services, id, 'from', await objects.connections(user, id, 'from'));
      const to = await withLinkCaches(services, id, 'to', await objects.connections(user, id, 'to'));
      return [...from, ...to];
    },
  );

  app.get(
    '/api/links/from/:id/to/:id2',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'KF6: the links from one contribution to another (both readable by the caller), with _from/_to caches',
        params: FromToParams,
        response: { 200: Type.Array(Kf6ConnectionSchema), ...problemResponses },
      },
    },
    async (request) => {
      const { id, id2 } = request.params;
      const links = (await objects.connections(request.currentUser, id, 'from')).filter((link) => link.to === id2);
      return withLinkCaches(services, id, 'from', links);
    },
  );

  app.get(
    '/api/links/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'KF6: one link with its _from/_to caches (the caller must be able to read both ends)',
        params: IdParams,
        response: { 200: Kf6ConnectionSchema, ...problemResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      const link = await canvasReader.links.get(id);
      if (!link) throw new NotFoundError(msg('canvasService.linkNotFound'));
      // Buildon's listing from its start: the reading rules of both ends, as everywhere.
      const listed = (await objects.connections(request.currentUser, link.from, 'from')).filter((each) => each._id === id);
      const [shown] = await withLinkCaches(services, link.from, 'from', listed);
      if (!shown) throw new NotFoundError(msg('canvasService.linkNotFound'));
      return shown;
    },
  );

  const readLinks = (authorId: string, communityId: string, ids: string[]) => kf6ReadLinks(canvasReader, authorId, communityId, ids);

  /** A contribution of `communityId` the caller may read (403/404 as Buildon's object page answers). */
  const readable = async (user: Parameters<typeof objects.get>[0], communityId: string, id: string) => {
    const object = await objects.get(user, id);
    if (object.communityId !== communityId) throw new NotFoundError(msg('objects.notFound'));
    return object;
  };

  app.get(
    '/api/records/myreadstatus/:communityId/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['kf6', 'records'],
        summary: 'KF6: my read link to a contribution I may read (an empty list when I never read it)',
        params: RecordParams,
        response: { 200: Type.Array(Kf6ReadLinkSchema), ...problemResponses },
      },
    },
    async (request) => {
      const { communityId, id } = request.params;
      await readable(request.currentUser, communityId, id);
      const reader = await canvasReader.reader(request.currentUser, communityId);
      return readLinks(reader.authorId, communityId, [id]);
    },
  );

  app.get(
    '/api/records/myreadstatusview/:communityId/:viewId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['kf6', 'records'],
        summary: 'KF6: my read links to the contributions placed in a view (those I may read)',
        params: ViewRecordParams,
        response: { 200: Type.Array(Kf6ReadLinkSchema), ...problemResponses },
      },
    },
    async (request) => {
      const { communityId, viewId } = request.params;
      await readable(request.currentUser, communityId, viewId);
      const reader = await canvasReader.reader(request.currentUser, communityId);
      const placed = (await objects.connections(request.currentUser, viewId, 'from'))
        .filter((link) => link.type === 'contains' && !link.other.missing)
        .map((link) => link.to);
      return readLinks(reader.authorId, communityId, [...new Set(placed)]);
    },
  );
};

export default kf6Routes;
