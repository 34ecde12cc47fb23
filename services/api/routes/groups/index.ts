import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { problemResponses } from '../../../../contracts/api/common.ts';
import {
  CommunityIdParams,
  CreateGroupBody,
  GroupMemberBody,
  GroupMemberParams,
  GroupParams,
  GroupSchema,
} from '../../../../contracts/api/communities.ts';
import type { AppServices } from '../../../app/appServices.ts';

/** Groups of a community (group manager): members read, managers change. */
const groupRoutes: FastifyPluginAsyncTypebox<{ services: AppServices }> = async (app, { services }) => {
  const { communities } = services;
  const tags = ['groups'];

  app.get(
    '/api/communities/:communityId/groups',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Active groups',
        params: CommunityIdParams,
        response: { 200: Type.Array(GroupSchema), ...problemResponses },
      },
    },
    async (request) => communities.groups(request.currentUser, request.params.communityId),
  );

  app.post(
    '/api/groups/:communityId',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Add a group by title (managers); its creator is the first member',
        params: CommunityIdParams,
        body: CreateGroupBody,
        response: { 201: GroupSchema, ...problemResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await communities.createGroup(request.currentUser, request.params.communityId, request.body.title)),
  );

  app.delete(
    '/api/groups/:communityId/:groupId',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Remove a group: it becomes inactive (managers)',
        params: GroupParams,
        response: { 200: GroupSchema, ...problemResponses },
      },
    },
    async (request) => communities.removeGroup(request.currentUser, request.params.communityId, request.params.groupId),
  );

  app.post(
    '/api/groups/:communityId/:groupId/members',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Add a member of the community to the group (managers)',
        params: GroupParams,
        body: GroupMemberBody,
        response: { 200: GroupSchema, ...problemResponses },
      },
    },
    async (request) =>
      communities.addGroupMember(request.currentUser, request.params.communityId, request.params.groupId, request.body.authorId),
  );

  app.delete(
    '/api/groups/:communityId/:groupId/members/:authorId',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Remove a member from the group (managers)',
        params: GroupMemberParams,
        response: { 200: GroupSchema, ...problemResponses },
      },
    },
    async (request) =>
      communities.removeGroupMember(request.currentUser, request.params.communityId, request.params.groupId, request.params.authorId),
  );
};

export default groupRoutes;
