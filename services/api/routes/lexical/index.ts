import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { problemResponses } from '../../../../contracts/api/common.ts';
import { CommunityIdParams } from '../../../../contracts/api/communities.ts';
import { DictionaryQuery, DictionaryReply, ViewIdParams, WordCloudReply } from '../../../../contracts/api/lexical.ts';
import { LexicalAnalysisQuery, LexicalAnalysisReply } from '../../../../contracts/api/lexicalAnalysis.ts';
import type { AppServices } from '../../../app/appServices.ts';
import { dictionaryQuery, wordCloudQuery } from '../../analytics/lexicalQuery.ts';
import type { AnalyticsDeps } from '../../analytics/statsQuery.ts';
import { lexicalAnalysisQuery, type NotesFound } from '../../lexical/lexicalAnalysisQuery.ts';
import { SearchService } from '../../search/searchService.ts';

/**
 * The lexical pages (issue 13 §2–§4): the student dictionary, a view's word
 * cloud and the lexical analysis, from the lexical read model (the lexical job's per-note rows);
 * members of the community only, pseudonyms applied here on the server.
 */
const lexicalRoutes: FastifyPluginAsyncTypebox<{ services: AppServices }> = async (app, { services }) => {
  const deps: AnalyticsDeps = { readStore: services.readStore, access: services.access, clock: services.commandDeps.clock };
  const tags = ['analytics'];
  // The lexical analysis' search field finds notes as the search page does (its words and tokens, its permission rule).
  const search = new SearchService(services.canvasReader, services.readStore);
  const notesFound: NotesFound = async (user, communityId, text) =>
    new Set((await search.count(user, communityId, { words: text }, 'notes')).filteredObjectIDs);

  app.get(
    '/api/lexical/:communityId/dictionary',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          "The student dictionary: the active authors (≤ 80), and for the chosen one the word counts, the 21 key concepts with their notes and sentences, the notes classified by concept and the cloud's words",
        params: CommunityIdParams,
        querystring: DictionaryQuery,
        response: { 200: DictionaryReply, ...problemResponses },
      },
    },
    async (request) => dictionaryQuery(deps, request.currentUser, request.params.communityId, request.query),
  );

  app.get(
    '/api/lexical/views/:viewId/wordcloud',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "A view's word cloud: the top 100 words of the notes it holds, sized 10–100 px",
        params: ViewIdParams,
        response: { 200: WordCloudReply, ...problemResponses },
      },
    },
    async (request) => wordCloudQuery(deps, request.currentUser, request.params.viewId),
  );

  app.get(
    '/api/lexical/:communityId/analysis',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          'The lexical analysis: each term of a lexicon (terms separated by ";") counted as whole words or phrases, accents, case and hyphens ignored, in the notes the caller may read that pass the filters; the frequency of each term and the notes holding them',
        params: CommunityIdParams,
        querystring: LexicalAnalysisQuery,
        response: { 200: LexicalAnalysisReply, ...problemResponses },
      },
    },
    async (request) => lexicalAnalysisQuery({ ...deps, notesFound }, request.currentUser, request.params.communityId, request.query),
  );
};

export default lexicalRoutes;
