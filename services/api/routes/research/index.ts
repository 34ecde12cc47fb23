import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { problemResponses } from '../../../../contracts/api/common.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import {
  ResearchEventsQuery,
  ResearchEventsReply,
  ResearchParams,
  ResearchReadsQuery,
  ResearchReadsReply,
  ResearchSnapshotQuery,
  ResearchSnapshotReply,
} from '../../../../contracts/api/research.ts';
import { ValidationError } from '../../../core/errors.ts';
import type { AppServices } from '../../../app/appServices.ts';
import { researchExportZip } from '../../research/exportZip.ts';
import { recordAction } from '../../../app/auditLog.ts';

/**
 * The research API (issue 24 §5, docs/research.md "A researcher's access"):
 * read-only, for the community's researchers, managers and admins (others 403,
 * anonymous 401). Researchers get pseudonyms for every person.
 */

/** An ISO instant as milliseconds, or a 400 naming the field. */
const instant = (field: string, value: string | undefined): number | undefined => {
  if (value === undefined) return undefined;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw ValidationError.field(field, msg('errors.fieldInvalid', { field }));
  return ms;
};

/** The web's research export (issue 24 §3): options of `kf export --research`. */
const ResearchExportBody = Type.Object(
  { maskNames: Type.Optional(Type.Boolean({ description: "Replace members' names in texts by their pseudonyms (--mask-names)" })) },
  { additionalProperties: false },
);

const researchRoutes: FastifyPluginAsyncTypebox<{ services: AppServices }> = async (app, { services }) => {
  const { research } = services;
  const tags = ['research'];

  app.get(
    '/api/research/:communityId/snapshot',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "The community as of `at`: every view's refs (positions), the links, every contribution's state",
        description:
          'Folded from the history read model; private notes included (researchers read as managers); pseudonyms for researchers.',
        params: ResearchParams,
        querystring: ResearchSnapshotQuery,
        response: { 200: ResearchSnapshotReply, ...problemResponses },
      },
    },
    async (request) => research.snapshot(request.currentUser, request.params.communityId, instant('at', request.query.at) ?? Date.now()),
  );

  app.get(
    '/api/research/:communityId/reads',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Who read which contribution when, between `from` and `to`, one page after the log position `after`',
        params: ResearchParams,
        querystring: ResearchReadsQuery,
        response: { 200: ResearchReadsReply, ...problemResponses },
      },
    },
    async (request) => {
      const from = instant('from', request.query.from);
      const to = instant('to', request.query.to);
      if (from !== undefined && to !== undefined && from > to) {
        throw ValidationError.field('from', msg('errors.fieldInvalid', { field: 'from' }));
      }
      return research.reads(request.currentUser, request.params.communityId, {
        after: request.query.after ?? 0,
        limit: request.query.limit ?? 1000,
        ...(from === undefined ? {} : { from }),
        ...(to === undefined ? {} : { to }),
      });
    },
  );

  app.get(
    '/api/research/:communityId/events',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "The community's events after the log position `after`, one page (pseudonymised for researchers)",
        description:
          'Its own streams only (community, contributions with their links, memberships, reads); no user streams, no credentials.',
        params: ResearchParams,
        querystring: ResearchEventsQuery,
        response: { 200: ResearchEventsReply, ...problemResponses },
      },
    },
    async (request) =>
      research.events(request.currentUser, request.params.communityId, {
        after: request.query.after ?? 0,
        limit: request.query.limit ?? 1000,
      }),
  );
  app.post(
    '/api/research/:communityId/export',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'The research export of the community (as `kf export --research`), as a ZIP',
        description:
          "events.jsonl, one CSV and one Parquet table per kind of record and manifest.json, pseudonymised with the research API's key; private notes left out. Reads only.",
        params: ResearchParams,
        body: ResearchExportBody,
        response: { 200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }), ...problemResponses },
      },
    },
    async (request, reply) => {
      const { communityId } = request.params;
      const zip = await researchExportZip(
        { eventStore: services.eventStore, access: services.access, pseudonymKey: research.pseudonymKey },
        request.currentUser,
        communityId,
        {
          maskNames: request.body?.maskNames === true,
          allowed: () =>
            recordAction(services.commandDeps, request.currentUser._id, 'export.research', {
              via: 'api',
              communityId,
              details: { maskNames: String(request.body?.maskNames === true) },
            }),
        },
      );
      return reply
        .type('application/zip')
        .header('Content-Disposition', `attachment; filename="research-${communityId}.zip"`)
        .send(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
    },
  );
};

export default researchRoutes;
