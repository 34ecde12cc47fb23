import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { problemResponses } from '../../../../contracts/api/common.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import { ValidationError } from '../../../core/errors.ts';
import { CommunityIdParams } from '../../../../contracts/api/communities.ts';
import {
  KbdexQuery,
  TimeMachineAtQuery,
  TimeMachineFrameParams,
  TimeMachineFrameReplySchema,
  TimeMachineHistoryReplySchema,
  TimeMachineParams,
  TimeMachineStepsQuery,
  TimeMachineStepsReplySchema,
} from '../../../../contracts/api/timemachine.ts';
import { recordAction } from '../../../app/auditLog.ts';
import type { AppServices } from '../../../app/appServices.ts';
import { seesRealNamesInResearch } from '../../../domain/access/researcher.ts';

/**
 * The time machine (spec part 2 §2, §4): a view's history replayed from the
 * event streams for the caller, and the researchers' KBDeX export.
 * Members who may read the view; anonymous callers get 401.
 */
const timeMachineRoutes: FastifyPluginAsyncTypebox<{ services: AppServices }> = async (app, { services }) => {
  const { timeMachine } = services;
  const tags = ['timemachine'];

  app.get(
    '/api/timemachine/:viewId',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "A view's history for the caller: header and one step per visible change, in global order",
        description: 'Frame −1 is the empty canvas; `startsAt` is the first step − 6 s. See contracts/api/timemachine.ts.',
        params: TimeMachineParams,
        response: { 200: TimeMachineHistoryReplySchema, ...problemResponses },
      },
    },
    async (request) => timeMachine.history(request.currentUser, request.params.viewId),
  );

  app.get(
    '/api/timemachine/:viewId/frame/:index',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'The canvas after step `index` (−1 = empty): refs and arrows as the caller saw them then',
        params: TimeMachineFrameParams,
        response: { 200: TimeMachineFrameReplySchema, ...problemResponses },
      },
    },
    async (request) => timeMachine.frame(request.currentUser, request.params.viewId, request.params.index),
  );

  app.get(
    '/api/timemachine/:viewId/at',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'The frame in force at an instant (the canvas "as of" a date, read-only)',
        params: TimeMachineParams,
        querystring: TimeMachineAtQuery,
        response: { 200: TimeMachineFrameReplySchema, ...problemResponses },
      },
    },
    async (request) => timeMachine.at(request.currentUser, request.params.viewId, request.query.time),
  );

  app.get(
    '/api/timemachine/:viewId/steps',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Steps with their deltas (`before`/`after` of the ref, arrows added/removed), for local playback',
        description: 'Applying a step and undoing it are exact inverses; folding steps 0..i gives frame i.',
        params: TimeMachineParams,
        querystring: TimeMachineStepsQuery,
        response: { 200: TimeMachineStepsReplySchema, ...problemResponses },
      },
    },
    async (request) => timeMachine.steps(request.currentUser, request.params.viewId, request.query.from ?? 0, request.query.count ?? 1000),
  );

  app.get(
    '/api/communities/:communityId/kbdex.csv',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          "KBDeX's data.csv of a community: Id, Author, Text, Group, Time (epoch ms), then NoteId, Title, Authors, Permission, Status, Views (managers, researchers, admins)",
        description:
          "Notes contributed by `at` (and since `from`) as they were then, numbered in the order they were contributed; private notes only with `private=true`; with `pseudonymise=true` (always for a researcher) authors are pseudonyms and members' names are masked in the texts; see docs/research.md.",
        params: CommunityIdParams,
        querystring: KbdexQuery,
        response: { 200: Type.String({ description: 'text/csv' }), ...problemResponses },
      },
    },
    async (request, reply) => {
      const { communityId } = request.params;
      const { at, from, views, title, private: includePrivate, pseudonymise } = request.query;
      if (at && from && Date.parse(from) > Date.parse(at)) throw ValidationError.field('from', msg('timeMachine.fromAfterAt'));
      const grant = await services.access.manager(request.currentUser, communityId);
      // A researcher never gets real names (services/domain/access/researcher.ts), asked or not.
      const pseudonymised = pseudonymise === true || !seesRealNamesInResearch(grant.role);
      // Issue 17 §3: recorded once allowed and before anything is read; no record, no download.
      await recordAction(services.commandDeps, request.currentUser._id, 'export.kbdex', {
        via: 'api',
        communityId,
        details: { pseudonymise: String(pseudonymised), private: String(includePrivate === true) },
      });
      const { csv } = await timeMachine.kbdex(communityId, {
        ...(at ? { at } : {}),
        ...(from ? { from } : {}),
        ...(views ? { viewIds: views.split(',') } : {}),
        withTitle: title === true,
        includePrivate: includePrivate === true,
        ...(pseudonymised ? { pseudonymise: { key: services.research.pseudonymKey } } : {}),
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="kbdex-${communityId}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(`\uFEFF${csv}`);
    },
  );
};

export default timeMachineRoutes;
