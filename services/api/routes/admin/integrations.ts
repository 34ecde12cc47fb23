import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { problemResponses } from '../../../../contracts/api/common.ts';
import { IntegrationsReply } from '../../../../contracts/api/admin.ts';
import type { IntegrationProbe, IntegrationState } from '../../../integrations/integrationStatus.ts';

/** A probe that throws after all (its contract says it never does) shows as unreachable, not as a 500. */
const safeCheck = async (probe: IntegrationProbe): Promise<IntegrationState> => {
  try {
    return await probe.check();
  } catch {
    return { name: probe.name, configured: true, reachable: false, lastError: null, detail: null };
  }
};

/**
 * GET /api/admin/integrations (issue 18 §8): Admin tools' "Intégrations" list,
 * every probe asked at once (each with its own short timeout). Admins only;
 * the probes never return a key, a password or a token.
 */
const integrationRoutes: FastifyPluginAsyncTypebox<{ probes: readonly IntegrationProbe[] }> = async (app, { probes }) => {
  app.get(
    '/api/admin/integrations',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Each integration: configured, reachable, its last error (never a secret)',
        response: { 200: IntegrationsReply, ...problemResponses },
      },
    },
    async () => ({ integrations: await Promise.all(probes.map(safeCheck)) }),
  );
};

export default integrationRoutes;
