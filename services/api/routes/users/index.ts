import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { IdParams, MessageCodeSchema, MessageSchema, problemResponses } from '../../../../contracts/api/common.ts';
import {
  ChangeLanguageBody,
  ChangePasswordBody,
  CountReply,
  RegisterBody,
  RegisterReply,
  ResetPasswordBody,
  UpdateUserBody,
  UserCountBody,
  UserProfileSchema,
  UserSearchBody,
} from '../../../../contracts/api/users.ts';
import { ForbiddenError, ValidationError } from '../../../core/errors.ts';
import { toProfile } from '../../accounts/accountService.ts';
import type { AppServices } from '../../../app/appServices.ts';
import { messageReply, msg } from '../../../../contracts/messageCodes.ts';
import sessionRoutes from './sessions.ts';

/** Users: registration, own profile and password, admin search and edits (spec §7 "Users"). */
const userRoutes: FastifyPluginAsyncTypebox<{ services: AppServices }> = async (app, { services }) => {
  const { accounts, robotCheck } = services;
  await app.register(sessionRoutes, { services });

  app.post(
    '/api/users',
    {
      schema: {
        tags: ['users'],
        summary: 'Register (robot check required)',
        body: RegisterBody,
        response: { 201: RegisterReply, ...problemResponses },
      },
    },
    async (request, reply) => {
      const { robotCheck: solution, registrationKey: _ignored, ...input } = request.body;
      if (!solution || !(await robotCheck.verify(solution, { consume: true, remoteIp: request.ip }))) {
        throw ValidationError.field('robotCheck', msg('messages.robotCheckRequired'));
      }
      const user = await accounts.register(input);
      return reply.status(201).send({ token: await app.openSession(user, request), user: toProfile(user) });
    },
  );

  app.get(
    '/api/users/me',
    {
      preHandler: app.authenticate,
      schema: { tags: ['users'], summary: 'The logged-in user', response: { 200: UserProfileSchema, ...problemResponses } },
    },
    async (request) => toProfile(request.currentUser),
  );

  app.get(
    '/api/users/:id',
    {
      preHandler: app.authenticate,
      schema: { tags: ['users'], params: IdParams, response: { 200: UserProfileSchema, ...problemResponses } },
    },
    async (request) => {
      if (request.params.id !== request.currentUser._id && request.currentUser.role !== 'admin') throw new ForbiddenError();
      return toProfile(await accounts.getUser(request.params.id));
    },
  );

  app.put(
    '/api/users/:id/password',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Change my password (a fresh token is returned; older tokens stop working)',
        params: IdParams,
        body: ChangePasswordBody,
        response: {
          200: Type.Object({ message: Type.String(), messageCode: MessageCodeSchema, token: Type.String() }),
          ...problemResponses,
        },
      },
    },
    async (request) => {
      // The original ignored :id and changed the caller's password; we refuse a mismatch.
      if (request.params.id !== request.currentUser._id) throw new ForbiddenError();
      const user = await accounts.changeOwnPassword(request.currentUser._id, request.body.oldPassword, request.body.newPassword);
      return { ...messageReply(msg('messages.passwordChanged')), token: await app.openSession(user, request) };
    },
  );

  app.put(
    '/api/users/:id/lang',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Set the interface language',
        params: IdParams,
        body: ChangeLanguageBody,
        response: { 200: UserProfileSchema, ...problemResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (id !== request.currentUser._id && request.currentUser.role !== 'admin') throw new ForbiddenError();
      return toProfile(await accounts.changeLanguage(id, request.body.lang, request.currentUser._id));
    },
  );

  app.post(
    '/api/users/search',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Search users (admin), 50 a page',
        body: UserSearchBody,
        response: { 200: Type.Array(UserProfileSchema), ...problemResponses },
      },
    },
    async (request) => {
      const users = await accounts.search(request.body.query ?? {}, request.body.page ?? 1, request.body.pagesize ?? 50);
      return users.map(toProfile);
    },
  );

  app.post(
    '/api/users/search/count',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Count users matching a search (admin)',
        body: UserCountBody,
        response: { 200: CountReply, ...problemResponses },
      },
    },
    async (request) => ({ count: await accounts.count(request.body.query ?? {}) }),
  );

  app.patch(
    '/api/users/:id',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: "Reset a user's password (admin)",
        params: IdParams,
        body: ResetPasswordBody,
        response: { 200: MessageSchema, ...problemResponses },
      },
    },
    async (request) => {
      await accounts.resetPassword(request.params.id, request.body.password, request.currentUser._id);
      return messageReply(msg('community.resetSucceeded'));
    },
  );

  app.put(
    '/api/users/:id',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Edit a user: profile, role, login block, language, password (admin)',
        params: IdParams,
        body: UpdateUserBody,
        response: { 200: UserProfileSchema, ...problemResponses },
      },
    },
    async (request) => toProfile(await accounts.updateUser(request.params.id, request.body, request.currentUser._id)),
  );
};

export default userRoutes;
