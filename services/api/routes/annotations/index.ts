import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  AnnotationIdParams,
  AnnotationListSchema,
  AnnotationSchema,
  CreateAnnotationBody,
  NoteIdParams,
  NoteInCommunityParams,
  UpdateAnnotationBody,
} from '../../../../contracts/api/annotations.ts';
import { problemResponses } from '../../../../contracts/api/common.ts';
import { annotationServiceFor } from '../../annotations/annotationService.ts';
import type { AppServices } from '../../../app/appServices.ts';

/**
 * Annotations of a note (issue 6, item 8). POST /api/contributions/{communityId}
 * with type Annotation (the spec's route) is answered by the canvas routes,
 * through the same AnnotationService.
 */
const annotationRoutes: FastifyPluginAsyncTypebox<{ services: AppServices }> = async (app, { services }) => {
  const annotations = annotationServiceFor(services);
  const tags = ['annotations'];

  app.get(
    '/api/objects/:id/annotations',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          'The annotations of a note I may read that I may see (private ones: their authors and managers), in text order, re-anchored to the current text',
        params: NoteIdParams,
        response: { 200: AnnotationListSchema, ...problemResponses },
      },
    },
    async (request) => annotations.list(request.currentUser, request.params.id),
  );

  app.post(
    '/api/objects/:communityId/:id/annotations',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Annotate a passage of a contributed note I may read (members)',
        params: NoteInCommunityParams,
        body: CreateAnnotationBody,
        response: { 201: AnnotationSchema, ...problemResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await annotations.create(request.currentUser, request.params.communityId, request.params.id, request.body)),
  );

  app.put(
    '/api/annotations/:annotationId',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Change the text or visibility of an annotation (its authors, managers)',
        params: AnnotationIdParams,
        body: UpdateAnnotationBody,
        response: { 200: AnnotationSchema, ...problemResponses },
      },
    },
    async (request) => annotations.update(request.currentUser, request.params.annotationId, request.body),
  );

  app.delete(
    '/api/annotations/:annotationId',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Delete an annotation (its authors, managers): it becomes inactive and its annotates link is removed',
        params: AnnotationIdParams,
        response: { 204: Type.Null(), ...problemResponses },
      },
    },
    async (request, reply) => {
      await annotations.remove(request.currentUser, request.params.annotationId);
      return reply.status(204).send(null);
    },
  );
};

export default annotationRoutes;
