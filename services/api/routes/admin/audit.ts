import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { AuditQuery, AuditReply } from '../../../../contracts/api/audit.ts';
import { IdParams, problemResponses } from '../../../../contracts/api/common.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import { auditActions } from '../../../../projections/audit/index.ts';
import type { AppServices } from '../../../app/appServices.ts';
import { ValidationError } from '../../../core/errors.ts';
import { auditCsv, auditPage } from '../../audit/auditQuery.ts';

type Query = { from?: string; to?: string; action?: string; actor?: string; community?: string };

const checked = <Q extends Query>(query: Q): Q => {
  if (query.action && !(auditActions as readonly string[]).includes(query.action)) {
    throw ValidationError.field('action', msg('errors.fieldInvalid', { field: 'action' }));
  }
  if (query.from && query.to && Date.parse(query.from) > Date.parse(query.to)) {
    throw ValidationError.field('from', msg('errors.fieldInvalid', { field: 'from' }));
  }
  return query;
};

/**
 * Issue 17 §3: the audit trail in Admin tools (admins only), paged and as CSV;
 * issue 17 §4: an admin ends every session of a user.
 */
const auditRoutes: FastifyPluginAsyncTypebox<{ services: AppServices }> = async (app, { services }) => {
  app.get(
    '/api/admin/audit',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'The audit trail: role, key, password and block changes, sessions ended, communities created, exports, rebuilds',
        querystring: AuditQuery,
        response: { 200: AuditReply, ...problemResponses },
      },
    },
    async (request) => {
      const { page = 1, pageSize = 50, ...query } = checked(request.query);
      return auditPage(services.readStore, query, page, pageSize);
    },
  );

  app.get(
    '/api/admin/audit.csv',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'The audit trail as CSV (the same filters, newest first, 50,000 rows at most)',
        querystring: Type.Omit(AuditQuery, ['page', 'pageSize']),
        response: { 200: Type.String({ description: 'text/csv' }), ...problemResponses },
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="buildon-audit.csv"')
        .header('Cache-Control', 'no-store')
        .send(await auditCsv(services.readStore, checked(request.query))),
  );

  app.delete(
    '/api/admin/users/:id/sessions',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: "End every session of a user (admin): all the user's tokens are refused and their sockets close",
        params: IdParams,
        response: { 204: Type.Null(), ...problemResponses },
      },
    },
    async (request, reply) => {
      await services.accounts.endAllSessions(request.params.id, request.currentUser._id);
      return reply.status(204).send(null);
    },
  );
};

export default auditRoutes;
