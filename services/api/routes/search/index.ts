import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { problemResponses } from '../../../../contracts/api/common.ts';
import { CommunityIdParams } from '../../../../contracts/api/communities.ts';
import {
  SearchBody,
  SearchCountBody,
  SearchCountReply,
  SearchReply,
  StudentSearchBody,
  StudentSearchReply,
} from '../../../../contracts/api/search.ts';
import type { AppServices } from '../../../app/appServices.ts';
import { SearchService } from '../../search/searchService.ts';
import { searchStudents } from '../../search/students.ts';

/**
 * Search (spec part 2 §Search, §7): members only; the answer holds only active
 * contributions of the community the caller may read.
 */
const searchRoutes: FastifyPluginAsyncTypebox<{ services: AppServices }> = async (app, { services }) => {
  const search = new SearchService(services.canvasReader, services.readStore);
  const tags = ['search'];

  app.post(
    '/api/contributions/:communityId/search/count',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'How many contributions match (and their ids, newest first): active, of this community, readable by the caller',
        params: CommunityIdParams,
        body: SearchCountBody,
        response: { 200: SearchCountReply, ...problemResponses },
      },
    },
    async (request) => search.count(request.currentUser, request.params.communityId, request.body.query, request.body.searchType),
  );

  app.post(
    '/api/contributions/:communityId/search',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'One page of matching contributions (title, authors, dates, excerpt — no bodies) and the pager',
        params: CommunityIdParams,
        body: SearchBody,
        response: { 200: SearchReply, ...problemResponses },
      },
    },
    async (request) => search.search(request.currentUser, request.params.communityId, request.body.query, request.body.searchType),
  );

  app.post(
    '/api/contributions/:communityId/search/students',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          "The 'students' type: members whose name holds every word (at most 80), with their notes the caller may read; a pupil sees letters for the others",
        params: CommunityIdParams,
        body: StudentSearchBody,
        response: { 200: StudentSearchReply, ...problemResponses },
      },
    },
    async (request) => searchStudents(services, request.currentUser, request.params.communityId, request.body.words),
  );
};

export default searchRoutes;
