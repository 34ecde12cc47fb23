import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ProblemSchema, problemResponses } from '../../../../contracts/api/common.ts';
import { ItmAddToThreadBody, ItmCommunityParams, ItmNoteParams, ItmStatusReply, ItmThreadsReply } from '../../../../contracts/api/itm.ts';
import type { AppServices } from '../../../app/appServices.ts';
import { ItmThreads } from '../../itm/itmThreads.ts';

const tags = ['itm'];
const responses = { ...problemResponses, 503: ProblemSchema };

/**
 * The Thread tab of the contribution window (issue 18 §7). ITM's other calls
 * (a note saved, a build-on, a note placed in a view, a view created) are
 * jobs that follow the event log (services/api/itm/itmJobs.ts), not routes.
 * Always registered: without BUILDON_ITM_URL the status says `configured:
 * false` and the thread routes answer 404 "not configured".
 */
const itmRoutes: FastifyPluginAsyncTypebox<{ services: AppServices }> = async (app, { services }) => {
  const threads = new ItmThreads({
    readStore: services.readStore,
    access: services.access,
    client: services.itm ?? null,
    queue: services.queue,
  });

  app.get(
    '/api/itm/:communityId/status',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Whether ITM is configured here and its plugin on in the community (the Thread tab shows then)',
        params: ItmCommunityParams,
        response: { 200: ItmStatusReply, ...responses },
      },
    },
    async (request) => threads.status(request.currentUser, request.params.communityId),
  );

  app.get(
    '/api/itm/:communityId/contributions/:noteId/threads',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "The ITM threads of the caller's projects, and those holding the note",
        params: ItmNoteParams,
        response: { 200: ItmThreadsReply, ...responses },
      },
    },
    async (request) => threads.threads(request.currentUser, request.params.communityId, request.params.noteId),
  );

  app.post(
    '/api/itm/:communityId/contributions/:noteId/threads',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Adds the note to one of the caller’s ITM threads (the note’s write permission needed)',
        params: ItmNoteParams,
        body: ItmAddToThreadBody,
        response: { 200: ItmThreadsReply, ...responses },
      },
    },
    async (request) => threads.addToThread(request.currentUser, request.params.communityId, request.params.noteId, request.body.threadId),
  );
};

export default itmRoutes;
