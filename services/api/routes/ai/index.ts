import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Readable } from 'node:stream';
import Type from 'typebox';
import { AiLogQuery, AiLogReply, AiStatusReply, SpellCheckBody, SpellCheckQuery } from '../../../../contracts/api/ai.ts';
import { ProblemSchema, problemResponses } from '../../../../contracts/api/common.ts';
import { objectIdPattern } from '../../../../contracts/ids.ts';
import type { AppServices } from '../../../app/appServices.ts';
import type { WritingHelper } from '../../../integrations/ai/writingHelper.ts';
import { AiLogs } from '../../ai/aiLogs.ts';
import { WritingHelp } from '../../ai/writingHelp.ts';

const tags = ['ai'];
const CommunityParams = Type.Object({ communityId: Type.String({ pattern: objectIdPattern }) });

/**
 * Writing help (issue 18 §3; spec part 1 §7) at KF6's path, and its log. Unlike the original
 * (fact sheet §3.2: no guard, the body's `kf_user_id` trusted), the caller must be signed in, a
 * member of `params.community_id` and able to read `params.contribution_id`; requests are counted
 * against BUILDON_AI_REQUESTS_PER_MINUTE. The reply streams as KF6's: JSON objects `{partial}`
 * separated by blank lines, then `{final: true, remainingRequests}` (how many more this minute's
 * limit allows now; null with no limit) or `{error, status}` when the helper breaks off, uncompressed so that each piece reaches the editor as it comes.
 */
const aiRoutes: FastifyPluginAsyncTypebox<{ services: AppServices; offline: WritingHelper; chat: WritingHelper | null }> = async (
  app,
  { services, offline, chat },
) => {
  const help = new WritingHelp({ ...services.commandDeps, access: services.access, offline, chat });
  const logs = new AiLogs({ readStore: services.readStore, access: services.access });

  app.get(
    '/api/ai/status',
    {
      preHandler: app.authenticate,
      schema: { tags, summary: 'Which writing helps this server offers', response: { 200: AiStatusReply, ...problemResponses } },
    },
    async () => ({ quick: true, chat: chat !== null }),
  );

  app.post(
    '/api/ai/spellCheck',
    {
      preHandler: app.authenticate,
      compress: false,
      schema: {
        tags,
        summary: 'Spell-check, correct or explain a text: the answer streamed as JSON chunks with a `partial` field',
        querystring: SpellCheckQuery,
        body: SpellCheckBody,
        response: {
          200: Type.String({ description: 'JSON objects separated by blank lines: {partial}…, then {final: true, remainingRequests}' }),
          ...problemResponses,
          503: ProblemSchema,
        },
      },
    },
    async (request, reply) => {
      const prepared = await help.prepare(request.currentUser, request.query, request.body);
      const leaving = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) leaving.abort();
      });
      const chunks = async function* () {
        for await (const chunk of help.run(prepared, leaving.signal, request.requestsLeft ?? null)) yield `${JSON.stringify(chunk)}\n\n`;
      };
      return (
        reply
          .type('application/json; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('x-accel-buffering', 'no')
          // A stream is sent as it comes, never serialised (the 200 schema only documents it).
          .send(Readable.from(chunks()) as unknown as string)
      );
    },
  );

  app.get(
    '/api/ai/logs/:communityId',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "The community's writing-help log (managers, admins), newest first: filter by user, mode and period",
        params: CommunityParams,
        querystring: AiLogQuery,
        response: { 200: AiLogReply, ...problemResponses },
      },
    },
    async (request) => logs.list(request.currentUser, request.params.communityId, request.query),
  );

  app.get(
    '/api/ai/logs/:communityId/csv',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'The same log as CSV (UTF-8 with a BOM), for a spreadsheet',
        params: CommunityParams,
        querystring: AiLogQuery,
        response: { 200: Type.String({ description: 'text/csv' }), ...problemResponses },
      },
    },
    async (request, reply) => {
      const { communityId } = request.params;
      const csv = await logs.csv(request.currentUser, communityId, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="ai-log-${communityId}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};

export default aiRoutes;
