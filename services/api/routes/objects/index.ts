import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { IdParams, problemResponses } from '../../../../contracts/api/common.ts';
import { CommunityIdParams } from '../../../../contracts/api/communities.ts';
import {
  AtQuery,
  AuthorParams,
  CoauthorBody,
  ContributionParams,
  FavouritesReply,
  HistoryEntrySchema,
  ObjectSchema,
  PermissionBody,
  SaveConflictSchema,
  SaveCommentsBody,
  SaveCommentsReply,
  SaveObjectBody,
} from '../../../../contracts/api/objects.ts';
import type { AppServices } from '../../../app/appServices.ts';
import { EditConflictError } from '../../objects/objectService.ts';
import { problem } from '../../plugins/errors.ts';
import { msgWithText } from '../../../../contracts/messageCodes.ts';

const FavouriteReply = Type.Object({ favourite: Type.Boolean(), favAuthors: Type.Array(Type.String()) });

/** The contribution page's object routes (spec part 1 §7 "Contributions and objects"). */
const objectRoutes: FastifyPluginAsyncTypebox<{ services: AppServices }> = async (app, { services }) => {
  const objects = services.objects;

  app.get(
    '/api/objects/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['objects'],
        summary: 'A contribution with its revision and authors (readers only); ?at=<ISO time> gives it as it was then',
        params: IdParams,
        querystring: AtQuery,
        response: { 200: ObjectSchema, ...problemResponses },
      },
    },
    async (request) => objects.get(request.currentUser, request.params.id, request.query.at),
  );

  app.put(
    '/api/objects/:communityId/:id',
    {
      preHandler: app.authenticate,
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        tags: ['objects'],
        summary:
          'Contribute or save a note (ProseMirror body) or a drawing (SVG); 409 with the current version when it changed since `revision`',
        params: ContributionParams,
        body: SaveObjectBody,
        response: { 200: ObjectSchema, ...problemResponses, 409: SaveConflictSchema },
      },
    },
    async (request, reply) => {
      try {
        return await objects.save(request.currentUser, request.params.communityId, request.params.id, request.body);
      } catch (error) {
        if (!(error instanceof EditConflictError)) throw error;
        return reply
          .status(409)
          .type('application/problem+json')
          .send({ ...problem(409, msgWithText(error.messageCode, error.message, error.params), error.code), current: error.current });
      }
    },
  );

  app.put(
    '/api/objects/:communityId/:id/permission',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['objects'],
        summary: 'Permission (private, protected, public) and group: authors or managers',
        params: ContributionParams,
        body: PermissionBody,
        response: { 200: ObjectSchema, ...problemResponses },
      },
    },
    async (request) => objects.changePermission(request.currentUser, request.params.communityId, request.params.id, request.body),
  );

  app.post(
    '/api/objects/:communityId/:id/authors',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['objects'],
        summary: "Add a co-author (a member of the community): 'already included' when present",
        params: ContributionParams,
        body: CoauthorBody,
        response: { 200: ObjectSchema, ...problemResponses },
      },
    },
    async (request) => objects.addCoauthor(request.currentUser, request.params.communityId, request.params.id, request.body.authorId),
  );

  app.delete(
    '/api/objects/:communityId/:id/authors/:authorId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['objects'],
        summary: "Remove a co-author: 'cannot remove the Primary Author'",
        params: AuthorParams,
        response: { 200: ObjectSchema, ...problemResponses },
      },
    },
    async (request) => objects.removeCoauthor(request.currentUser, request.params.communityId, request.params.id, request.params.authorId),
  );

  for (const [path, add] of [
    ['/api/objects/addTofav/:communityId/:id', true],
    ['/api/objects/remFromfav/:communityId/:id', false],
  ] as const) {
    app.post(
      path,
      {
        preHandler: app.authenticate,
        schema: {
          tags: ['objects'],
          summary: add ? 'Add to my favourites (favourites plugin, active only)' : 'Remove from my favourites',
          params: ContributionParams,
          response: { 200: FavouriteReply, ...problemResponses },
        },
      },
      async (request) => objects.favourite(request.currentUser, request.params.communityId, request.params.id, add),
    );
  }

  app.get(
    '/api/objects/favourites/:communityId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['objects'],
        summary: 'My favourites in this community: active contributions I starred and may still read (members only)',
        params: CommunityIdParams,
        response: { 200: FavouritesReply, ...problemResponses },
      },
    },
    async (request) => objects.favourites(request.currentUser, request.params.communityId),
  );

  app.put(
    '/api/objects/:communityId/:id/savecomments',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['objects'],
        summary: "A manager's comment on a contribution, shown in the search table (managers of the community only; '' removes it)",
        params: ContributionParams,
        body: SaveCommentsBody,
        response: { 200: SaveCommentsReply, ...problemResponses },
      },
    },
    async (request) => objects.saveComments(request.currentUser, request.params.communityId, request.params.id, request.body.comments),
  );

  app.get(
    '/api/objects/:id/history',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['objects'],
        summary: 'Every version of a contribution, oldest first, with time, author and operation (readers only)',
        params: IdParams,
        response: { 200: Type.Array(HistoryEntrySchema), ...problemResponses },
      },
    },
    async (request) => objects.history(request.currentUser, request.params.id),
  );
};

export default objectRoutes;
