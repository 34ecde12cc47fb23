import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { problemResponses } from '../../../../contracts/api/common.ts';
import {
  JobAccepted,
  JobStatusReply,
  MemoryReply,
  RebuildBody,
  StorageStatsReply,
  rebuildJobName,
} from '../../../../contracts/api/admin.ts';
import { NotFoundError, ValidationError } from '../../../core/errors.ts';
import type { AppServices } from '../../../app/appServices.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import { recordAction } from '../../../app/auditLog.ts';
import auditRoutes from './audit.ts';
import integrationRoutes from './integrations.ts';
import type { IntegrationProbe } from '../../../integrations/integrationStatus.ts';

/**
 * Operator actions for admins (the spec's "database migration" screen):
 * storage figures and projection rebuilds run as jobs with progress.
 * Authorisation is on the server; no password is checked in the browser.
 */
const adminRoutes: FastifyPluginAsyncTypebox<{ services: AppServices; probes?: readonly IntegrationProbe[] }> = async (
  app,
  { services, probes = [] },
) => {
  await app.register(auditRoutes, { services });
  await app.register(integrationRoutes, { probes });

  app.get(
    '/api/admin/stats',
    {
      preHandler: app.requireAdmin,
      schema: { tags: ['admin'], summary: 'Event store and read-model figures', response: { 200: StorageStatsReply, ...problemResponses } },
    },
    async () => ({
      storage: services.storage,
      eventStore: { headPosition: await services.eventStore.headPosition() },
      projections: { position: services.runner.position, names: services.runner.projectionNames },
      readModels: await services.readStore.stats(),
    }),
  );

  app.get(
    '/api/admin/memory',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'What holds the server memory: process figures, SQLite page caches, read-model caches per collection',
        response: { 200: MemoryReply, ...problemResponses },
      },
    },
    async () => services.memory(),
  );

  app.post(
    '/api/admin/rebuild',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Rebuild all projections, or one, into fresh collections swapped in at the end',
        body: RebuildBody,
        response: { 202: JobAccepted, ...problemResponses },
      },
    },
    async (request, reply) => {
      const { projection } = request.body;
      if (projection && !services.runner.projectionNames.includes(projection)) {
        throw ValidationError.field('projection', msg('errors.unknownProjection', { projection }));
      }
      // Issue 17 §3: recorded first; a rebuild that cannot be recorded does not start.
      await recordAction(services.commandDeps, request.currentUser._id, 'projections.rebuild', {
        via: 'api',
        details: { projections: projection ?? 'all' },
      });
      const jobId = await services.queue.add(rebuildJobName, { projections: projection ? [projection] : [] });
      return reply.status(202).send({ jobId });
    },
  );

  app.get(
    '/api/admin/jobs/:jobId',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Progress of an operator job',
        params: Type.Object({ jobId: Type.String({ maxLength: 200 }) }),
        response: { 200: JobStatusReply, ...problemResponses },
      },
    },
    async (request) => {
      const status = await services.queue.status(request.params.jobId);
      if (status.state === 'unknown') throw new NotFoundError(msg('errors.jobNotFound'));
      return status;
    },
  );
};

export default adminRoutes;
