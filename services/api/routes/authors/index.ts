import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import { MessageSchema, problemResponses } from '../../../../contracts/api/common.ts';
import {
  AuthorCountBody,
  AuthorParams,
  AuthorPasswordBody,
  AuthorSchema,
  AuthorSearchBody,
  BlockWritersBody,
  BlockWritersReply,
  ChangeRoleBody,
  CommunityIdParams,
  CsvRenameReply,
  CsvSubmitReply,
  CsvValidateReply,
  JoinBody,
  RegistrationSchema,
  RenameAllBody,
  RenameAllReply,
  SaveOrderBody,
} from '../../../../contracts/api/communities.ts';
import { CountReply } from '../../../../contracts/api/users.ts';
import { isObjectId } from '../../../../contracts/ids.ts';
import { ValidationError } from '../../../core/errors.ts';
import { checkCsvFileName } from '../../authors/csv.ts';
import type { AppServices } from '../../../app/appServices.ts';
import type { FailureLimiter } from '../../plugins/failureLimiter.ts';
import { messageReply, msg } from '../../../../contracts/messageCodes.ts';

const AuthorList = Type.Array(AuthorSchema);

/** One uploaded file and the form's communityId (multipart; @fastify/multipart limits the size). */
type Upload = { communityId: string; fileName: string | undefined; text: string | undefined };

const readUpload = async (request: FastifyRequest): Promise<Upload> => {
  if (!request.isMultipart()) throw ValidationError.field('file', msg('community.csvOnly'));
  let communityId = '';
  let fileName: string | undefined;
  let text: string | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      if (part.fieldname === 'file') {
        fileName = part.filename;
        text = bytes.toString('utf8');
      }
    } else if (part.fieldname === 'communityId' && typeof part.value === 'string') {
      communityId = part.value.trim();
    }
  }
  if (!isObjectId(communityId)) throw ValidationError.field('communityId', msg('errors.fieldRequired', { field: 'communityId' }));
  return { communityId, fileName, text };
};

/** The file, once the caller is known to manage the community: its name must end in csv. */
const csvText = (upload: Upload): string => {
  checkCsvFileName(upload.fileName);
  return upload.text ?? '';
};

const multipartDoc = {
  consumes: ['multipart/form-data'],
  description:
    'multipart/form-data with a `file` part (a .csv file, at most 2 MB) and a `communityId` field; managers of that community or admins.',
};

/**
 * Memberships and the author manager (spec part 1 §2, §5, §7): join, my
 * communities, the author lists, roles, password resets, blocking writers and
 * the CSV imports. Every route needs a bearer token; community routes go
 * through the access gate inside AuthorService.
 */
const authorRoutes: FastifyPluginAsyncTypebox<{ services: AppServices; keyGuesses: FailureLimiter }> = async (
  app,
  { services, keyGuesses },
) => {
  const { authors } = services;

  app.post(
    '/api/authors',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['authors'],
        summary: 'Join a community with its registration key (writer) or manager key (manager)',
        body: JoinBody,
        response: { 201: AuthorSchema, ...problemResponses },
      },
    },
    async (request, reply) => {
      // Issue 20 §2: wrong keys are limited per account and per address, so
      // keys cannot be guessed; a right key never counts.
      const keys = [`user:${request.currentUser._id}`, `ip:${request.ip}`];
      keyGuesses.check(...keys);
      try {
        return reply.status(201).send(await authors.join(request.currentUser, request.body));
      } catch (error) {
        if (error instanceof ValidationError && error.errors?.some((e) => e.field === 'registrationKey')) keyGuesses.fail(...keys);
        throw error;
      }
    },
  );

  app.get(
    '/api/users/myRegistrations',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['authors'],
        summary: 'My communities (blocked and archived ones included), by order then title',
        response: { 200: Type.Array(RegistrationSchema), ...problemResponses },
      },
    },
    async (request) => authors.myRegistrations(request.currentUser),
  );

  app.put(
    '/api/users/myRegistrations/order',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['authors'],
        summary: 'Save the order of my communities (admin)',
        body: SaveOrderBody,
        response: { 200: Type.Array(RegistrationSchema), ...problemResponses },
      },
    },
    async (request) => authors.saveOrder(request.currentUser, request.body.orders),
  );

  app.get(
    '/api/authors/:communityId/me',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['authors'],
        summary: 'My membership of this community',
        params: CommunityIdParams,
        response: { 200: AuthorSchema, ...problemResponses },
      },
    },
    async (request) => authors.me(request.currentUser, request.params.communityId),
  );

  app.get(
    '/api/communities/:communityId/authors',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['authors'],
        summary: 'Every member of the community',
        params: CommunityIdParams,
        response: { 200: AuthorList, ...problemResponses },
      },
    },
    async (request) => authors.list(request.currentUser, request.params.communityId),
  );

  app.get(
    '/api/authors/:communityId/managers',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['authors'],
        summary: 'Managers of the community (managers, admins)',
        params: CommunityIdParams,
        response: { 200: AuthorList, ...problemResponses },
      },
    },
    async (request) => authors.managers(request.currentUser, request.params.communityId),
  );

  app.post(
    '/api/authors/search/count/:communityId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['authors'],
        summary: 'Count the writers matching a filter (managers, admins)',
        params: CommunityIdParams,
        body: AuthorCountBody,
        response: { 200: CountReply, ...problemResponses },
      },
    },
    async (request) => ({
      count: await authors.countWriters(request.currentUser, request.params.communityId, request.body.query?.filter),
    }),
  );

  app.post(
    '/api/authors/search/writer/:communityId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['authors'],
        summary: 'Search the writers, 50 a page, by user name (managers, admins)',
        params: CommunityIdParams,
        body: AuthorSearchBody,
        response: { 200: AuthorList, ...problemResponses },
      },
    },
    async (request) =>
      authors.searchWriters(
        request.currentUser,
        request.params.communityId,
        request.body.query?.filter,
        request.body.page ?? 1,
        request.body.pagesize ?? 50,
      ),
  );

  app.put(
    '/api/authors/:communityId/:authorId/role',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['authors'],
        summary: 'Promote to manager or demote to writer (managers, admins)',
        params: AuthorParams,
        body: ChangeRoleBody,
        response: { 200: AuthorSchema, ...problemResponses },
      },
    },
    async (request) => authors.changeRole(request.currentUser, request.params.communityId, request.params.authorId, request.body.role),
  );

  app.put(
    '/api/authors/:communityId/:authorId/password',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['authors'],
        summary: "Reset a writer's password (managers; admins for anyone in the community)",
        params: AuthorParams,
        body: AuthorPasswordBody,
        response: { 200: MessageSchema, ...problemResponses },
      },
    },
    async (request) => {
      await authors.resetPassword(request.currentUser, request.params.communityId, request.params.authorId, request.body.password);
      return messageReply(msg('community.resetSucceeded'));
    },
  );

  app.post(
    '/api/communities/:communityId/blockWriters',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['authors'],
        summary: "Block or unblock every writer's access to the community; the registration key must be typed again",
        params: CommunityIdParams,
        body: BlockWritersBody,
        response: { 200: BlockWritersReply, ...problemResponses },
      },
    },
    async (request) => ({
      modified: await authors.blockWriters(
        request.currentUser,
        request.params.communityId,
        request.body.registrationKey,
        request.body.block,
      ),
    }),
  );

  app.post(
    '/api/users/renameAllUser/:communityId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['authors'],
        summary: 'Rename authors of the community, keyed by author id (managers, admins)',
        params: CommunityIdParams,
        body: RenameAllBody,
        response: { 200: RenameAllReply, ...problemResponses },
      },
    },
    async (request) => ({
      recordsModified: await authors.renameAll(request.currentUser, request.params.communityId, request.body.userData),
    }),
  );

  app.post(
    '/api/users/validate',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['authors'],
        summary: 'Check a user CSV, row by row; nothing is written',
        ...multipartDoc,
        response: { 200: CsvValidateReply, ...problemResponses },
      },
    },
    async (request) => {
      const upload = await readUpload(request);
      await authors.csvAccess(request.currentUser, upload.communityId);
      return authors.validateUsersCsv(upload.communityId, csvText(upload));
    },
  );

  app.post(
    '/api/users/users',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['authors'],
        summary: 'Create the users of a CSV and enrol them, and existing accounts with the same e-mail, as writers',
        ...multipartDoc,
        response: { 200: CsvSubmitReply, ...problemResponses },
      },
    },
    async (request) => {
      const upload = await readUpload(request);
      await authors.csvAccess(request.currentUser, upload.communityId);
      return authors.submitUsersCsv(request.currentUser, upload.communityId, csvText(upload));
    },
  );

  app.post(
    '/api/users/rename',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['authors'],
        summary: 'Rename authors of the community from a CSV (firstName, lastName, userName)',
        ...multipartDoc,
        response: { 200: CsvRenameReply, ...problemResponses },
      },
    },
    async (request) => {
      const upload = await readUpload(request);
      await authors.csvAccess(request.currentUser, upload.communityId);
      return authors.renameCsv(request.currentUser, upload.communityId, csvText(upload));
    },
  );
};

export default authorRoutes;
