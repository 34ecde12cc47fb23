import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ObjectIdSchema, problemResponses } from '../../../../contracts/api/common.ts';
import type { AuthorDocument } from '../../../../projections/authors/index.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import type { AppServices } from '../../../app/appServices.ts';
import { ForbiddenError } from '../../../core/errors.ts';
import { communityReader, readableDocs } from './readFilter.ts';
import { toKf6Contribution } from './shapes.ts';

/** An author as the original's `getNotesInCommunity` lists them (no e-mail, no password). */
const Kf6AuthorSchema = Type.Object({
  _id: ObjectIdSchema,
  communityId: ObjectIdSchema,
  userId: ObjectIdSchema,
  firstName: Type.String(),
  lastName: Type.String(),
  role: Type.String(),
  status: Type.String(),
  type: Type.Literal('Author'),
});

export const Kf6StudentNotesSchema = Type.Object({
  authors: Type.Array(Kf6AuthorSchema),
  contributions: Type.Array(
    Type.Object({
      _id: ObjectIdSchema,
      title: Type.String(),
      authors: Type.Array(ObjectIdSchema),
      data: Type.Record(Type.String(), Type.Unknown()),
    }),
  ),
});

/** A site administrator as `GET /api/users/search/role` lists them (no e-mail). */
const Kf6AdminUserSchema = Type.Object({
  _id: ObjectIdSchema,
  userName: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  name: Type.String(),
  role: Type.String(),
});

const toKf6Author = (author: AuthorDocument) => ({
  _id: author._id,
  communityId: author.communityId,
  userId: author.userId,
  firstName: author.firstName,
  lastName: author.lastName,
  role: author.role,
  status: author.blockLogin ? 'inactive' : 'active',
  type: 'Author' as const,
});

/** Community-wide reads of the original (issue 15 §2): notes and authors, the site's administrators. */
const kf6CommunityRoutes: FastifyPluginAsyncTypebox<{ services: AppServices }> = async (app, { services }) => {
  const canvas = services.canvasReader;

  app.get(
    '/api/contributions/:communityId/studentNotes',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['kf6', 'contributions'],
        summary: "KF6: the community's active notes the caller may read (data.body as HTML) and its active authors",
        params: Type.Object({ communityId: ObjectIdSchema }),
        response: { 200: Kf6StudentNotesSchema, ...problemResponses },
      },
    },
    async (request) => {
      const { communityId } = request.params;
      const reader = await communityReader(services, request.currentUser, communityId);
      const notes = await canvas.contributions.find({ communityId, type: 'Note', status: 'active' }, { sort: { created: 1 } });
      const shown = [...(await readableDocs(services, reader, notes)).values()];
      const authors = (await canvas.authors.find({ communityId })).filter((author) => !author.blockLogin);
      return {
        authors: authors.map(toKf6Author),
        contributions: await Promise.all(
          shown.map(async (doc) => {
            const kf6 = await toKf6Contribution(doc);
            return { _id: kf6._id, title: kf6.title, authors: kf6.authors, data: kf6.data };
          }),
        ),
      };
    },
  );

  app.get(
    '/api/users/search/role',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['kf6', 'users'],
        summary: "KF6: the site's administrators, for admins and managers of a community (the original's hasRole('manager'))",
        response: { 200: Type.Array(Kf6AdminUserSchema), ...problemResponses },
      },
    },
    async (request) => {
      const user = request.currentUser;
      if (user.role !== 'admin') {
        const managing = await canvas.authors.find({ userId: user._id, role: 'manager' });
        if (!managing.some((author) => !author.blockLogin)) throw new ForbiddenError();
      }
      const users = services.readStore.collection<UserDocument>('users');
      const admins = await users.find({ role: 'admin' }, { sort: { userNameLower: 1 } });
      return admins.map((admin) => ({
        _id: admin._id,
        userName: admin.userName,
        firstName: admin.firstName,
        lastName: admin.lastName,
        name: `${admin.firstName} ${admin.lastName}`.trim(),
        role: admin.role,
      }));
    },
  );
};

export default kf6CommunityRoutes;
